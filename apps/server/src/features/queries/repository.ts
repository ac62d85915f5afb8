/**
 * The Q&A board: all the SQL of the queries domain. Unsolved → solved once; one like per account;
 * staff may hide a query as spam, which takes it off both boards.
 */
import {
  ANONYMOUS_STUDENT,
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  UNSOLVED_SOLUTION,
  type Query,
  type QuerySort,
  type Role,
  type SimilarQuery,
  type SortOrder,
} from '@campus/contract';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { insertEntries, type AuditRecord } from '../audit/repository';
import { inChunks } from '../../lib/chunks';
import {
  countOf,
  KeptPages,
  limited,
  listPage,
  PagedQuery,
  PAGE_TOTAL,
  withNewest,
  withPageTotal,
  type Listed,
  type Page,
} from '../../lib/lists';
import { existingRowsOf, rowsOf, writingRowsOf } from '../../db/changes';
import { writeTogether, type CountedWrite } from '../../db/together';
import { isCurrentCard, type StudentCard } from '../people/cards';
import { shareValue, type CachedSource, type ReadCache } from '../../db/read-cache';
import { rollNosOf, type MenteeRows, type MenteeRowsOf } from '../../db/mentees';

/** The paged form of a query (`PagedQuery`, lib/lists.ts). */
type PagedOf<Q> = Q extends SelectQueryBuilder<infer D, infer T, infer O> ? PagedQuery<D, T, O> : never;

/** Who reads: a student other than the asker sees an anonymous question's asker as ANONYMOUS_STUDENT. */
export interface Reader {
  accountId: string;
  role: Role;
  rollNo: number | null;
}

export interface ListFilter {
  /** Unsolved only, solved only, or both. */
  solved?: boolean;
  rollNo?: number;
  /** Words looked up in the full-text index of topic, tags and description (the boards), best first. */
  words?: string | undefined;
  /** One tag, whole, ignoring case. */
  tag?: string | undefined;
  /** Hidden queries too, each saying whether it is hidden; otherwise (the boards) they are left out. */
  withHidden?: boolean;
  /** One group's students only. */
  group?: string | undefined;
  /** Only students of the groups this teacher (account id) mentors. */
  mentoredBy?: string | undefined;
  sort?: QuerySort;
  order?: SortOrder;
}

const SORT_COLUMNS = {
  createdAt: 'q.created_at',
  likes: 'q.likes',
  name: 's.name',
  group: 's.group_name',
} as const;

export interface NewQuery {
  rollNo: number;
  topic: string;
  description: string;
  tags: string[];
  anonymous?: boolean;
}

export type SolveOutcome =
  { kind: 'solved'; query: Query } | { kind: 'not-found' } | { kind: 'already-solved' };

/** At most this many words of a search are looked up: more narrow nothing a reader would notice. */
const SEARCH_WORDS_MAX = 8;

/** The words of a search as the index holds them: letters and digits, lower case. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_WORDS_MAX);
}

/** `db` for writes that change only this student's questions and their tags (db/changes.ts). */
const asked = <D extends Kysely<Database>>(db: D, rollNo: number): D =>
  writingRowsOf(writingRowsOf(db, 'queries', [rollNo]), 'query_tags', [rollNo]);

/** An account id alone reads as staff do (every asker shown): the routes pass students as readers. */
const readerOf = (viewer: Reader | string): Reader =>
  typeof viewer === 'string' ? { accountId: viewer, role: 'admin', rollNo: null } : viewer;

/**
 * Keeps what `load` reads in memory under `key` while the tables it reads are unchanged (the read
 * cache), or loads afresh.
 */
export type Keeper = <T>(
  key: string,
  tables: readonly CachedSource[],
  load: () => Promise<T>,
  outside?: number,
) => Promise<T>;

/** What a whole board's page is read from (`list`): its questions, their tags, students and solvers. */
const BOARD_SOURCES: readonly CachedSource[] = [
  'students',
  'teachers',
  'teacher_groups',
  'queries',
  'query_tags',
];

/** At most this many page sizes of the unsolved board's first page are kept up to date as questions come. */
const FIRST_PAGE_SIZES = 8;
/** At most this many first pages of one student's own questions are kept up to date as they ask. */
const OWN_PAGE_KEYS = 6;
/** At most this many first pages of one mentor's list of their mentees' questions are kept up to date. */
const MENTOR_PAGE_KEYS = 4;

export function queryRepository(
  db: Db,
  dialect: Dialect,
  keep?: Keeper,
  menteesOf?: MenteeRowsOf,
  /** The read cache itself, for keeping the unsolved board's first page as questions are asked. */
  cache?: ReadCache,
) {
  /**
   * The page's queries with their students and the viewer's like, in one query (a page adds each
   * one's tags to it, `tagged`; one question looked up by id reads them apart, `tagsOf`); without a
   * viewer, liked by nobody (a page kept for every reader, whose likes are looked up apart).
   */
  const selectQueries = (viewerAccountId: string | undefined) =>
    db
      .selectFrom('queries as q')
      .innerJoin('students as s', 's.roll_no', 'q.roll_no')
      .leftJoin('teachers as t', 't.account_id', 'q.solved_by')
      .select((eb) => [
        'q.id',
        's.name',
        'q.roll_no',
        's.email',
        's.group_name',
        'q.topic',
        'q.description',
        'q.likes',
        'q.solution',
        'q.solved_at',
        't.name as solved_by_name',
        'q.created_at',
        'q.hidden_at',
        'q.anonymous',
        viewerAccountId === undefined
          ? sql<boolean>`0`.as('liked_by_me')
          : eb
              .exists(
                eb
                  .selectFrom('query_likes as l')
                  .select('l.query_id')
                  .whereRef('l.query_id', '=', 'q.id')
                  .where('l.account_id', '=', viewerAccountId),
              )
              .as('liked_by_me'),
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof selectQueries>['execute']>>[number];
  type Select = ReturnType<typeof selectQueries>;

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

  /** The tags of every query on a page, in one query per thousand queries, in the order they were given. */
  const tagsOf = async (ids: string[]): Promise<Map<string, string[]>> => {
    const tags = new Map<string, string[]>(ids.map((id) => [id, []]));
    await inChunks(ids, async (chunk) => {
      const rows = await db
        .selectFrom('query_tags')
        .select(['query_id', 'tag'])
        .where('query_id', 'in', chunk)
        .orderBy('query_id')
        .orderBy('position')
        .execute();
      for (const row of rows) tags.get(row.query_id)?.push(row.tag);
    });
    return tags;
  };

  /**
   * A page's query with each question's tags, in order, as one JSON list a row: 50 more lookups in
   * the page's own statement cost less than a statement of their own (SQLite, 0.3 ms a page at
   * 20,000 students) or a round trip (PostgreSQL).
   */
  const tagList =
    dialect === 'postgres'
      ? sql<
          string[] | string | null
        >`(select json_agg(t.tag order by t.position) from query_tags t where t.query_id = q.id)`
      : sql<
          string[] | string | null
        >`(select json_group_array(t.tag order by t.position) from query_tags t where t.query_id = q.id)`;
  const withTagList = (rows: Select) => rows.select(tagList.as('tag_list'));
  type Tagged = ReturnType<typeof withTagList>;
  function tagged(query: Select | PagedOf<Select>): Tagged | PagedOf<Tagged> {
    return query instanceof PagedQuery ? query.map(withTagList) : withTagList(query);
  }

  /** Each row's tags from `tagged`'s column (SQLite hands JSON over as text). */
  const tagListsOf = (rows: readonly (Row & { tag_list: string[] | string | null })[]) =>
    new Map(
      rows.map((row) => [
        row.id,
        typeof row.tag_list === 'string' ? (JSON.parse(row.tag_list) as string[]) : (row.tag_list ?? []),
      ]),
    );

  /** Every query `accountId` likes (an account likes tens, not thousands). */
  const everyLikeOf = async (accountId: string): Promise<string[]> =>
    (await db.selectFrom('query_likes').select('query_id').where('account_id', '=', accountId).execute()).map(
      (row) => row.query_id,
    );

  const toQueries = async (
    rows: Row[],
    reader: Reader,
    withHidden = false,
    known?: Map<string, string[]>,
  ): Promise<Query[]> => {
    const tags = known ?? (await tagsOf(rows.map((row) => row.id)));
    return rows.map((row) => {
      const anonymous = row.anonymous === 1;
      const hidden = anonymous && reader.role === 'student' && reader.rollNo !== row.roll_no;
      const marked = row as Row & { topic_hl?: string; description_hl?: string };
      return {
        _id: row.id,
        ...(hidden
          ? { name: ANONYMOUS_STUDENT, rollNo: 0, email: '', group: '' }
          : { name: row.name, rollNo: row.roll_no, email: row.email, group: row.group_name }),
        topic: row.topic,
        tags: tags.get(row.id) ?? [],
        description: row.description,
        likes: row.likes,
        likedByMe: Boolean(row.liked_by_me),
        solution: row.solution ?? UNSOLVED_SOLUTION,
        solvedAt: row.solved_at,
        solvedBy: row.solved_by_name,
        createdAt: row.created_at,
        ...(withHidden ? { hidden: row.hidden_at !== null } : {}),
        ...(anonymous ? { anonymous } : {}),
        ...(marked.topic_hl !== undefined
          ? { highlight: { topic: marked.topic_hl, description: marked.description_hl ?? '' } }
          : {}),
      };
    });
  };

  /** The unsolved board's first page (newest first, no filter) by its size, as `list` keeps it. */
  const firstPages = new KeptPages<'board', number>(FIRST_PAGE_SIZES);
  /** Each student's own list's first pages, by key: their size and whether solved ones only. */
  const ownPages = new KeptPages<number, { limit: number | 'all'; solved: boolean | undefined }>(
    OWN_PAGE_KEYS,
  );
  /** Each mentor's list of their mentees' questions, first pages (newest first), by key. */
  const mentorPages = new KeptPages<
    string,
    { mentees: MenteeRows; sources: readonly CachedSource[]; limit: number | 'all' }
  >(MENTOR_PAGE_KEYS);
  const ownSources = (rollNo: number): CachedSource[] => [
    'students',
    'teachers',
    'teacher_groups',
    rowsOf('queries', rollNo),
    rowsOf('query_tags', rollNo),
  ];

  /** A board's page as `list` keeps it: its rows (with their tags' column) and total, and the tags. */
  interface KeptPage {
    found: { items: (Row & { tag_list: string[] | string | null })[]; total: number };
    tags: Map<string, string[]>;
  }

  /**
   * After a question: each first page of the unsolved board kept in memory, with the question in its
   * place (newest first, ties by id) and the board's total one more, when nothing but the question
   * changed what the page was read from (`keepChanged`); otherwise the next reader reads the page.
   * The question's row is what a read would give: the columns `list` selects, its tags' column as
   * the dialect hands it over. Decision record 0060.
   */
  const keepAsked = (row: Row, student: StudentCard, tags: readonly string[], moves: number): void => {
    const asked = {
      ...row,
      tag_list: dialect === 'postgres' ? (tags.length > 0 ? [...tags] : null) : JSON.stringify(tags),
    };
    const newer = (a: Row, b: Row) =>
      a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
    const keepIn = (
      key: string,
      sources: readonly CachedSource[],
      limit: number | 'all',
      /** Whether the list holds unsolved questions (a solved list never holds a new one). */
      holdsNew: boolean,
    ) =>
      cache!.keepChanged<KeptPage>(key, sources, moves, (kept) => {
        const { items, total } = kept.found;
        // Read after the question was written: the page holds it already.
        if (!holdsNew || items.some((item) => item.id === asked.id)) return kept;
        // The asker's name and group are from their card: it must be the student as they are now.
        if (!isCurrentCard(cache!, row.roll_no, student)) return undefined;
        const shown = withNewest(items, asked, newer, limit);
        return shown && { found: { items: shown, total: total + 1 }, tags: tagListsOf(shown) };
      });
    for (const { key, shape: limit } of firstPages.of('board')) keepIn(key, BOARD_SOURCES, limit, true);
    for (const { key, shape: own } of ownPages.of(row.roll_no)) {
      keepIn(key, ownSources(row.roll_no), own.limit, own.solved !== true);
    }
    for (const { key, shape: page } of mentorPages.all()) {
      if (page.mentees.has(row.roll_no)) keepIn(key, page.sources, page.limit, true);
    }
  };

  /** Per page kept in memory: its items as seen by a student, and by staff, who liked none of them. */
  const plainItems = new WeakMap<object, Map<'student' | 'staff', Query[]>>();

  /** How many questions a board holds (not hidden), as the triggers of migration 0025 keep it. */
  const boardCount = async (solved: boolean): Promise<number> => {
    const row = await db
      .selectFrom('query_board_counts')
      .select('total')
      .where('solved', '=', solved ? 1 : 0)
      .executeTakeFirst();
    return row?.total ?? 0;
  };

  /**
   * How many questions there are, hidden or not: both boards' kept totals and the hidden ones (few,
   * from their own index, migration 0031), in one statement.
   */
  const collectionCount = async (): Promise<number> => {
    const { rows } = await sql<{ total: number | string }>`
      select (select coalesce(sum(c.total), 0) from query_board_counts c)
        + (select count(*) from queries h where h.hidden_at is not null) as total`.execute(db);
    return Number(rows[0]?.total ?? 0);
  };

  /** The roll number of the student who asked a query; undefined when there is no such query. */
  const askerOf = async (id: string): Promise<number | undefined> =>
    (await db.selectFrom('queries').select('roll_no').where('id', '=', id).executeTakeFirst())?.roll_no;

  const findById = async (id: string, reader: Reader, withHidden = false): Promise<Query | undefined> => {
    const rows = await selectQueries(reader.accountId).where('q.id', '=', id).execute();
    const [query] = await toQueries(rows, reader, withHidden);
    return query;
  };

  return {
    findById,

    /**
     * Queries newest first unless sorted (ties: newest asked first, so pages never overlap), filtered,
     * one page; two queries for a page of up to a thousand (and its count).
     */
    async list(
      filter: ListFilter,
      page: Page,
      viewer: Reader | string,
      /** Where outside writes stood when the request began (the read cache's `outside`). */
      outside?: number,
    ): Promise<Listed<Query>> {
      const reader = readerOf(viewer);
      const { sort = 'createdAt', order = 'desc' } = filter;
      // To a student, another's anonymous question has no group: a group filter or sort must not tell it.
      const masking = reader.role === 'student';
      // A page without words or a tag is the same for every reader but for their likes (and what
      // anonymity hides, which is applied to each reader below): it is read with nobody's likes,
      // kept in memory, and each reader's likes looked up for its rows. A board's page follows every
      // question; one student's list (whole: it is short) and a mentor's work list only the questions
      // of those students.
      const shared =
        keep !== undefined &&
        (page.limit !== undefined || filter.rollNo !== undefined) &&
        filter.words === undefined &&
        filter.tag === undefined &&
        !(masking && (filter.group !== undefined || sort === 'name' || sort === 'group'));
      const mentees =
        shared && filter.mentoredBy !== undefined && filter.rollNo === undefined
          ? await menteesOf?.(filter.mentoredBy, outside)
          : undefined;
      // Questions are asked unsolved: a solved list follows the questions already there, and stays in
      // memory while new ones come in.
      const whole = (table: 'queries' | 'query_tags') =>
        filter.solved === true ? existingRowsOf(table) : table;
      const followed = (tables: readonly ('queries' | 'query_tags')[], also: readonly CachedSource[]) =>
        filter.rollNo !== undefined
          ? [...also, ...tables.map((table) => rowsOf(table, filter.rollNo!))]
          : mentees
            ? mentees.sources(tables, also)
            : [...also, ...tables.map(whole)];
      const words = filter.words === undefined ? undefined : searchWords(filter.words);
      // Nothing searchable (only punctuation) matches nothing, as a word that occurs nowhere would.
      if (words?.length === 0) return { items: [], total: 0 };
      const byStudentsFirst =
        (filter.mentoredBy !== undefined || filter.group !== undefined) &&
        sort === 'createdAt' &&
        words === undefined &&
        filter.tag === undefined;
      const countsInPage = byStudentsFirst && dialect === 'postgres';
      // The page's query and its count, built only when a read must go to the database (building
      // them costs more than answering from memory).
      const build = () => {
        const masked = masking
          ? sql<boolean>`(q.anonymous = 1 and q.roll_no <> ${reader.rollNo ?? 0})`
          : undefined;
        let query = selectQueries(shared ? undefined : reader.accountId);
        if (words !== undefined) {
          query = dialect === 'postgres' ? rankedPg(query, words) : rankedSqlite(query, words);
        }
        if (filter.tag !== undefined) {
          const tag = filter.tag.toLowerCase();
          query = query.where('q.id', 'in', (eb) =>
            eb
              .selectFrom('query_tags as qt')
              .select('qt.query_id')
              .where(sql<string>`lower(qt.tag)`, '=', tag),
          );
        }
        if (filter.group !== undefined) {
          query = query.where('s.group_name', '=', filter.group);
          if (masked) query = query.where(sql<boolean>`not ${masked}`);
        }
        if (filter.mentoredBy !== undefined) {
          const teacher = filter.mentoredBy;
          query = query.where('s.group_name', 'in', (eb) =>
            eb
              .selectFrom('teacher_groups')
              .select('teacher_groups.group_name')
              .where('teacher_groups.teacher_account_id', '=', teacher),
          );
        }
        if (masked && (sort === 'name' || sort === 'group')) {
          const shown = sort === 'name' ? sql.lit(ANONYMOUS_STUDENT) : sql.lit('');
          query = query.orderBy(
            sql`case when ${masked} then ${shown} else ${sql.ref(SORT_COLUMNS[sort])} end`,
            order,
          );
        } else {
          query = query.orderBy(SORT_COLUMNS[sort], order);
        }
        if (sort !== 'createdAt') query = query.orderBy('q.created_at', 'desc');
        query = query.orderBy('q.id', sort === 'createdAt' ? order : 'desc');
        // The count reads the queries alone when no filter needs their students (every query has its
        // student: a foreign key, deleted with them) or another table, so it reads one index instead
        // of a join.
        let counted = db.selectFrom('queries as q');
        const narrow = <T extends { where: typeof counted.where }>(q: T): T => {
          let out = q as unknown as typeof counted;
          if (filter.solved === true) out = out.where('q.solved_at', 'is not', null);
          if (filter.solved === false) out = out.where('q.solved_at', 'is', null);
          if (filter.rollNo !== undefined) out = out.where('q.roll_no', '=', filter.rollNo);
          // With a solved filter this matches a partial index of migration 0009 term for term.
          if (!filter.withHidden) out = out.where('q.hidden_at', 'is', null);
          return out as unknown as T;
        };
        query = narrow(query);
        counted = narrow(counted);
        if (!byStudentsFirst) return { query, counted };
        // A mentor's or a group's questions, newest first: the page's ids come first from the
        // questions' index by student (each of the few hundred students' own questions), and only
        // those rows are then read and joined to their students and solvers; the count reads the
        // questions' index alone. Joined and sorted whole, PostgreSQL chose for some mentors to walk
        // every question newest first hoping to meet their students soon (18 ms for one mentor of
        // 400 on the 20,000-student campus, where this takes 3), SQLite sorted every matching
        // question's whole row for a page of 50 (2.7 ms, now 2.1), and the count joined the students
        // (1.0 ms on SQLite, 2.0 on PostgreSQL; now 0.3 and 0.9).
        //
        // On SQLite the page's rows are named by rowid: found by id, each of the 50 was one more
        // lookup in the ids' own index before its row (a mentor's page 1.4–1.8 ms, by rowid 0.7).
        // The students' indexes of migration 0032 hold each question's id beside its date, so
        // ordering the few hundred questions by (created_at, id) reads no question's row.
        const key = dialect === 'postgres' ? sql<string>`q.id` : sql<string>`q.rowid`;
        let ids = narrow(
          db.selectFrom('queries as q').select(key.as('key')).where('q.roll_no', 'in', rollNosOf(db, filter)),
        );
        if (masked && filter.group !== undefined) ids = ids.where(sql<boolean>`not ${masked}`);
        ids = ids.orderBy('q.created_at', order).orderBy('q.id', order);
        const outer = selectQueries(shared ? undefined : reader.accountId)
          .orderBy('q.created_at', order)
          .orderBy('q.id', order);
        // On PostgreSQL the page's ids also carry how many there are (`withPageTotal`): every one of
        // them is read to order them, and a second statement to count them read them all again
        // (1.5 ms of PostgreSQL's time for a mentor of 400). SQLite counts apart, in-process: there
        // the window over the ids cost more than the count (cold pages 0.15–0.25 ms slower).
        const paged = (take: number | undefined, skip: number) =>
          outer
            .innerJoin(withPageTotal(limited(ids, take, skip)).as('p'), (join) =>
              join.on(sql<boolean>`${sql.ref('p.key')} = ${key}`),
            )
            .select(sql.ref<number | string>(`p.${PAGE_TOTAL}`).as(PAGE_TOTAL));
        return {
          query: countsInPage
            ? new PagedQuery(paged)
            : new PagedQuery((take, skip) => outer.where(key, 'in', limited(ids, take, skip))),
          counted: ids.clearOrderBy(),
        };
      };
      let built: ReturnType<typeof build> | undefined;
      const queryOf = () => (built ??= build()).query;
      // A search or a tag narrows through other tables: then the page's own query is counted (unless
      // the page's ids come first, whose query is counted).
      const countItself =
        filter.group !== undefined ||
        filter.mentoredBy !== undefined ||
        filter.words !== undefined ||
        filter.tag !== undefined;
      // A board's count is the same for every reader (unless a student's group filter hides others'
      // anonymous questions): it is kept in memory, and read again only after queries change.
      const countKey =
        filter.words === undefined && filter.tag === undefined && !(filter.group !== undefined && masking)
          ? `queries-count:${String(filter.solved)}:${filter.rollNo ?? ''}:${filter.withHidden ? 'hidden' : ''}:${filter.group ?? ''}:${filter.mentoredBy ?? ''}:${mentees?.key ?? ''}`
          : undefined;
      const count = () => {
        const { query, counted } = (built ??= build());
        return countOf(countItself && !byStudentsFirst ? (query as Select) : counted);
      };
      const countTables = countItself
        ? followed(['queries'], ['students', 'teachers', 'teacher_groups'])
        : followed(['queries'], []);
      // A whole board's count is kept by the database as questions change (migration 0025).
      const wholeBoard =
        !countItself && filter.solved !== undefined && filter.rollNo === undefined && !filter.withHidden;
      // So is the whole collection's, hidden questions and all, but for the few hidden ones.
      const wholeCollection =
        !countItself &&
        filter.solved === undefined &&
        filter.rollNo === undefined &&
        filter.withHidden === true;
      const total = wholeBoard
        ? () => boardCount(filter.solved!)
        : wholeCollection
          ? collectionCount
          : keep && countKey
            ? () => keep(countKey, countTables, count, outside)
            : count;
      if (!shared || !keep) {
        const found = await listPage(tagged(queryOf()), page, total, countsInPage && 'in-page');
        return {
          items: await toQueries(found.items, reader, filter.withHidden, tagListsOf(found.items)),
          total: found.total,
        };
      }
      const pageKey = `queries-page:${String(filter.solved)}:${filter.rollNo ?? ''}:${filter.withHidden ? 'hidden' : ''}:${filter.group ?? ''}:${filter.mentoredBy ?? ''}:${mentees?.key ?? ''}:${sort}:${order}:${page.limit ?? 'all'}:${page.offset}`;
      if (
        filter.solved === false &&
        wholeBoard &&
        sort === 'createdAt' &&
        order === 'desc' &&
        page.offset === 0 &&
        page.limit !== undefined
      ) {
        firstPages.note('board', String(page.limit), pageKey, page.limit);
      }
      if (
        filter.rollNo !== undefined &&
        filter.group === undefined &&
        filter.mentoredBy === undefined &&
        sort === 'createdAt' &&
        order === 'desc' &&
        page.offset === 0
      ) {
        ownPages.note(filter.rollNo, pageKey, pageKey, { limit: page.limit ?? 'all', solved: filter.solved });
      }
      const pageSources = followed(['queries', 'query_tags'], ['students', 'teachers', 'teacher_groups']);
      if (
        mentees &&
        filter.mentoredBy !== undefined &&
        filter.solved !== true &&
        filter.group === undefined &&
        filter.words === undefined &&
        filter.tag === undefined &&
        sort === 'createdAt' &&
        order === 'desc' &&
        page.offset === 0
      ) {
        mentorPages.note(filter.mentoredBy, pageKey, pageKey, {
          mentees,
          sources: pageSources,
          limit: page.limit ?? 'all',
        });
      }
      const kept = await keep(
        pageKey,
        pageSources,
        async () => {
          // On PostgreSQL a whole board's kept count is read beside the page: one round trip where
          // there were two. A mentor's or a group's page counts their questions itself.
          const beside = countsInPage ? 'in-page' : dialect === 'postgres' && wholeBoard;
          const listed = await listPage(tagged(queryOf()), page, total, beside);
          const tags = tagListsOf(listed.items);
          const found = { items: listed.items as Row[], total: listed.total };
          return { found, tags };
        },
        outside,
      );
      const rows = kept.found.items;
      // The reader's likes, from memory until someone likes or unlikes a question.
      const liked = new Set(
        await keep(
          `queries-liked:${reader.accountId}`,
          ['query_likes'],
          () => everyLikeOf(reader.accountId),
          outside,
        ),
      );
      // A reader who liked none of the page, and (a student) asked none of its anonymous questions,
      // sees it as every such reader does: those items are built once and kept beside the page.
      const plain =
        !rows.some((row) => liked.has(row.id)) &&
        !(
          reader.role === 'student' &&
          rows.some((row) => row.anonymous === 1 && row.roll_no === reader.rollNo)
        );
      if (plain) {
        const as = reader.role === 'student' ? 'student' : 'staff';
        let seen = plainItems.get(kept);
        if (!seen) {
          seen = new Map();
          plainItems.set(kept, seen);
        }
        let items = seen.get(as);
        if (!items) {
          const nobody: Reader = {
            accountId: '',
            role: as === 'student' ? 'student' : 'admin',
            rollNo: null,
          };
          const unliked = rows.map((row) => ({ ...row, liked_by_me: false }));
          items = shareValue(await toQueries(unliked, nobody, filter.withHidden, kept.tags));
          seen.set(as, items);
        }
        return { items, total: kept.found.total };
      }
      const mine = rows.map((row) => ({ ...row, liked_by_me: liked.has(row.id) }));
      return {
        items: await toQueries(mine, reader, filter.withHidden, kept.tags),
        total: kept.found.total,
      };
    },

    /**
     * The questions on the boards most like `text` (any of its words, or a word it begins), best
     * first, their topics marked where they share a word.
     */
    async similar(text: string, limit: number): Promise<SimilarQuery[]> {
      const words = searchWords(text).filter((w) => w.length > 1);
      if (words.length === 0) return [];
      type Hit = { id: string; topic: string; highlight: string; solved_at: string | null };
      let rows: Hit[];
      if (dialect === 'postgres') {
        const tsquery = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' | ')})`;
        const marks = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, HighlightAll=true`;
        rows = (
          await sql<Hit>`
            select q.id, q.topic, ts_headline('simple', q.topic, ${tsquery}, ${marks}) as highlight, q.solved_at
            from queries q where q.search @@ ${tsquery} and q.hidden_at is null
            order by ts_rank(q.search, ${tsquery}) desc, q.created_at desc limit ${limit}`.execute(db)
        ).rows;
      } else {
        const match = words.map((w) => `"${w}"*`).join(' OR ');
        rows = (
          await sql<Hit>`
            select q.id, q.topic, highlight(queries_fts, 0, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}) as highlight,
              q.solved_at
            from queries_fts join query_search_keys k on k.key = queries_fts.rowid
              join queries q on q.id = k.query_id
            where queries_fts match ${match} and q.hidden_at is null
            order by bm25(queries_fts, 10.0, 5.0, 1.0), q.created_at desc limit ${limit}`.execute(db)
        ).rows;
      }
      return rows.map((r) => ({
        _id: r.id,
        topic: r.topic,
        highlight: r.highlight,
        solved: r.solved_at !== null,
      }));
    },

    /**
     * Files an unsolved query with no likes, and its tags, in one transaction, from its student's card
     * (`studentCards`; the foreign key still refuses a question whose student was removed meanwhile).
     * `counted`, when given, is the question's count against its student's allowance, made with it;
     * `audit` names the answer's audit entries (`entriesWithWrite`), written with the question.
     */
    async create(
      input: NewQuery,
      student: StudentCard,
      viewer: Reader | string,
      counted?: CountedWrite,
      audit?: (query: Query) => readonly AuditRecord[],
    ): Promise<Query> {
      const reader = readerOf(viewer);
      const row = {
        id: newId(),
        roll_no: input.rollNo,
        topic: input.topic,
        description: input.description,
        solution: null,
        solved_by: null,
        solved_at: null,
        likes: 0,
        created_at: nowIso(),
        anonymous: input.anonymous ? 1 : 0,
      };
      // The question as a board's read gives it: the columns of `selectQueries`, liked by nobody.
      const read: Row = {
        id: row.id,
        name: student.name,
        roll_no: row.roll_no,
        email: student.email,
        group_name: student.group,
        topic: row.topic,
        description: row.description,
        likes: row.likes,
        solution: null,
        solved_at: null,
        solved_by_name: null,
        created_at: row.created_at,
        hidden_at: null,
        anonymous: row.anonymous,
        liked_by_me: 0,
      };
      // The answer, as its asker sees it, is built from what is written instead of read back.
      const [query] = await toQueries([read], reader, false, new Map([[row.id, [...input.tags]]]));
      const entries = audit?.(query!) ?? [];
      const tags = input.tags.map((tag, position) => ({ query_id: row.id, position, tag }));
      // One statement on PostgreSQL, one round trip instead of four: the foreign key and the tags'
      // triggers (the search document) run at its end, with the row there.
      await writeTogether(
        db,
        dialect,
        (on) => asked(on, input.rollNo),
        [
          db.insertInto('queries').values(row),
          ...(tags.length > 0 ? [db.insertInto('query_tags').values(tags)] : []),
          ...(entries.length > 0 ? [insertEntries(entries)] : []),
        ],
        counted,
      );
      // The question moved its table once, and its tags' table once when it has tags.
      if (cache) keepAsked(read, student, input.tags, tags.length > 0 ? 2 : 1);
      return query!;
    },

    /**
     * Answers an unsolved query in one conditional update, so that of two teachers answering at once
     * exactly one is recorded; a solved query keeps its answer.
     */
    async solve(id: string, solution: string, teacherAccountId: string): Promise<SolveOutcome> {
      const asker = await askerOf(id);
      if (asker === undefined) return { kind: 'not-found' };
      const result = await asked(db, asker)
        .updateTable('queries')
        .set({ solution, solved_by: teacherAccountId, solved_at: nowIso() })
        .where('id', '=', id)
        .where('solution', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return { kind: 'already-solved' };
      const query = await findById(id, readerOf(teacherAccountId));
      return query ? { kind: 'solved', query } : { kind: 'not-found' };
    },

    /**
     * Hides the query as spam, or shows it again; hiding an already hidden query keeps who hid it
     * first. Undefined when the query does not exist.
     */
    async setHidden(id: string, hidden: boolean, staffAccountId: string): Promise<Query | undefined> {
      const asker = await askerOf(id);
      if (asker === undefined) return undefined;
      await asked(db, asker)
        .updateTable('queries')
        .set(
          hidden ? { hidden_at: nowIso(), hidden_by: staffAccountId } : { hidden_at: null, hidden_by: null },
        )
        .where('id', '=', id)
        .where('hidden_at', hidden ? 'is' : 'is not', null)
        .execute();
      return findById(id, readerOf(staffAccountId), true);
    },

    /**
     * Likes the query for the account, or takes the like back when it already has one: the like row and
     * the counter change in one transaction. Undefined when the query does not exist; 'own' when the
     * student liking it asked it (`rollNo` is the liker's, null for staff).
     */
    async toggleLike(
      id: string,
      accountId: string,
      rollNo: number | null,
    ): Promise<{ likes: number; liked: boolean } | 'own' | undefined> {
      return db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('queries')
          .select(['id', 'roll_no'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!exists) return undefined;
        if (rollNo !== null && exists.roll_no === rollNo) return 'own';
        const removed = await trx
          .deleteFrom('query_likes')
          .where('query_id', '=', id)
          .where('account_id', '=', accountId)
          .executeTakeFirst();
        let liked: boolean;
        let delta: number;
        if (removed.numDeletedRows > 0n) {
          liked = false;
          delta = -1;
        } else {
          const added = await trx
            .insertInto('query_likes')
            .values({ query_id: id, account_id: accountId })
            .onConflict((oc) => oc.columns(['query_id', 'account_id']).doNothing())
            .executeTakeFirst();
          liked = true;
          delta = (added.numInsertedOrUpdatedRows ?? 0n) > 0n ? 1 : 0;
        }
        const row = await asked(trx, exists.roll_no)
          .updateTable('queries')
          .set((eb) => ({ likes: eb('likes', '+', delta) }))
          .where('id', '=', id)
          .returning('likes')
          .executeTakeFirstOrThrow();
        return { likes: row.likes, liked };
      });
    },
  };
}

export type QueryRepository = ReturnType<typeof queryRepository>;
