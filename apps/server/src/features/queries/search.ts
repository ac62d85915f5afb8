/**
 * Searching the boards through the full-text index (decision record 0028): FTS5 on SQLite, a
 * tsvector with its GIN index on PostgreSQL, the same words found on both.
 */
import { HIGHLIGHT_END, HIGHLIGHT_START, type SimilarQuery } from '@campus/contract';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import type { Select } from './rows';

/** At most this many words of a search are looked up: more narrow nothing a reader would notice. */
const SEARCH_WORDS_MAX = 8;

/** The words of a search as the index holds them: letters and digits, lower case. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_WORDS_MAX);
}

/**
 * SQLite: the queries whose index row matches every word (or a word it begins), best first by
 * bm25, a topic word weighing most, then a tag, then the description.
 */
const rankedSqlite = (query: Select, words: string[]): Select => {
  const match = words.map((word) => `"${word}"*`).join(' ');
  const found = sql<{ query_id: string; rank: number; topic_hl: string; description_hl: string }>`(
      select k.query_id, bm25(queries_fts, 10.0, 5.0, 1.0) as rank,
        highlight(queries_fts, 0, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}) as topic_hl,
        snippet(queries_fts, 2, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 24) as description_hl
      from queries_fts join query_search_keys k on k.key = queries_fts.rowid
      where queries_fts match ${match})`.as('found');
  return query
    .innerJoin(found, 'found.query_id', 'q.id')
    .select(['found.topic_hl', 'found.description_hl'])
    .orderBy(sql`found.rank`);
};

/** PostgreSQL: the same through the tsvector column and its GIN index, best first by ts_rank. */
const rankedPg = (query: Select, words: string[]): Select => {
  const tsquery = sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
  const marks = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}`;
  return query
    .select([
      sql<string>`ts_headline('simple', q.topic, ${tsquery}, ${`${marks}, HighlightAll=true`})`.as(
        'topic_hl',
      ),
      sql<string>`ts_headline('simple', q.description, ${tsquery}, ${`${marks}, MaxWords=30, MinWords=10`})`.as(
        'description_hl',
      ),
    ])
    .where(sql<boolean>`q.search @@ ${tsquery}`)
    .orderBy(sql`ts_rank(q.search, ${tsquery})`, 'desc');
};

/** `query` narrowed to the questions matching every word, best first, their matches marked. */
export const ranked = (dialect: Dialect, query: Select, words: string[]): Select =>
  dialect === 'postgres' ? rankedPg(query, words) : rankedSqlite(query, words);

type Hit = { id: string; topic: string; highlight: string; solved_at: string | null };

const similarPg = async (db: Db, words: string[], limit: number): Promise<Hit[]> => {
  const tsquery = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' | ')})`;
  const marks = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, HighlightAll=true`;
  return (
    await sql<Hit>`
            select q.id, q.topic, ts_headline('simple', q.topic, ${tsquery}, ${marks}) as highlight, q.solved_at
            from queries q where q.search @@ ${tsquery} and q.hidden_at is null
            order by ts_rank(q.search, ${tsquery}) desc, q.created_at desc limit ${limit}`.execute(db)
  ).rows;
};

const similarSqlite = async (db: Db, words: string[], limit: number): Promise<Hit[]> => {
  const match = words.map((w) => `"${w}"*`).join(' OR ');
  return (
    await sql<Hit>`
            select q.id, q.topic, highlight(queries_fts, 0, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}) as highlight,
              q.solved_at
            from queries_fts join query_search_keys k on k.key = queries_fts.rowid
              join queries q on q.id = k.query_id
            where queries_fts match ${match} and q.hidden_at is null
            order by bm25(queries_fts, 10.0, 5.0, 1.0), q.created_at desc limit ${limit}`.execute(db)
  ).rows;
};

/**
 * The questions on the boards most like `text` (any of its words, or a word it begins), best
 * first, their topics marked where they share a word.
 */
export async function similarQueries(
  db: Db,
  dialect: Dialect,
  text: string,
  limit: number,
): Promise<SimilarQuery[]> {
  const words = searchWords(text).filter((w) => w.length > 1);
  if (words.length === 0) return [];
  const rows = await (dialect === 'postgres' ? similarPg : similarSqlite)(db, words, limit);
  return rows.map((r) => ({
    _id: r.id,
    topic: r.topic,
    highlight: r.highlight,
    solved: r.solved_at !== null,
  }));
}
