/** Syllabus entries: all the SQL of the syllabus domain. Topics are stored as JSON text. */
import { sql } from 'kysely';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  type SearchPageQuery,
  type Syllabus,
  type SyllabusSearchHit,
} from '@campus/contract';
import type { Db, Dialect } from '../../db/index';
import { searchWords } from '../queries/search';
import { newId, nowIso } from '../../lib/ids';
import { containsPattern } from '../../lib/like';
import { listPage, mapItems, type Listed } from '../../lib/lists';

export interface NewSyllabus {
  courseName: string;
  semester: string;
  topics: string[];
}

function parseTopics(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function syllabusRepository(db: Db) {
  return {
    /** By course name then semester; `search` matches inside the course name, ignoring case. */
    async list({ search, limit, offset }: SearchPageQuery, executor: Db = db): Promise<Listed<Syllabus>> {
      let query = executor
        .selectFrom('syllabus')
        .select(['id', 'course_name', 'semester', 'topics'])
        .orderBy(sql`lower(course_name)`)
        .orderBy('course_name')
        .orderBy('semester')
        .orderBy('id');
      if (search) {
        query = query.where(sql<boolean>`lower(course_name) like ${containsPattern(search)} escape '\\'`);
      }
      return mapItems(await listPage(query, { limit, offset }), (r) => ({
        _id: r.id,
        courseName: r.course_name,
        semester: r.semester,
        topics: parseTopics(r.topics),
      }));
    },

    async create(createdBy: string, input: NewSyllabus, executor: Db = db): Promise<Syllabus> {
      const id = newId();
      await executor
        .insertInto('syllabus')
        .values({
          id,
          course_name: input.courseName,
          semester: input.semester,
          topics: JSON.stringify(input.topics),
          created_by: createdBy,
          created_at: nowIso(),
        })
        .execute();
      return { _id: id, ...input };
    },
  };
}

export type SyllabusRepository = ReturnType<typeof syllabusRepository>;

/** Syllabus entries whose course, semester or topics hold the words, best first, the words marked. */
export async function searchSyllabus(
  db: Db,
  dialect: Dialect,
  text: string,
  limit: number,
): Promise<SyllabusSearchHit[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  if (dialect === 'postgres') {
    const tsquery = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
    const marks = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}`;
    const topics = sql`coalesce((select string_agg(value, ', ') from json_array_elements_text(s.topics::json) value), '')`;
    const rows = await sql<SyllabusSearchHit>`
      select s.id as "_id",
        ts_headline('simple', s.course_name || ' ' || s.semester, ${tsquery}, ${`${marks}, HighlightAll=true`}) as course,
        ts_headline('simple', ${topics}, ${tsquery}, ${`${marks}, MaxWords=30, MinWords=10`}) as topics
      from syllabus s where s.search @@ ${tsquery}
      order by ts_rank(s.search, ${tsquery}) desc, s.id limit ${limit}`.execute(db);
    return rows.rows;
  }
  const match = words.map((w) => `"${w}"*`).join(' ');
  const rows = await sql<SyllabusSearchHit>`
    select k.syllabus_id as "_id",
      highlight(syllabus_fts, 0, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}) as course,
      snippet(syllabus_fts, 1, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 24) as topics
    from syllabus_fts join syllabus_search_keys k on k.key = syllabus_fts.rowid
    where syllabus_fts match ${match}
    order by bm25(syllabus_fts, 10.0, 2.0), k.syllabus_id limit ${limit}`.execute(db);
  return rows.rows;
}
