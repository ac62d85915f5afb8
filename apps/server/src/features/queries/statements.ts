/**
 * The statements of a list's page and of its count, as its plan asks. Their SQL and its plans are
 * measured: docs/performance.md, "Queries: why the board's statements look as they do".
 */
import { ANONYMOUS_STUDENT } from '@campus/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { rollNosOf } from '../../db/mentees';
import { limited, PagedQuery, PAGE_TOTAL, withPageTotal } from '../../lib/lists';
import type { ListFilter, ListPlan } from './plan';
import { selectQueries, type Select } from './rows';
import { ranked } from './search';

const SORT_COLUMNS = {
  createdAt: 'q.created_at',
  likes: 'q.likes',
  name: 's.name',
  group: 's.group_name',
} as const;

/** The questions a student reader is not shown the asker of, when the plan masks them. */
type Masked = RawBuilder<boolean> | undefined;

/** The page's questions, with the reader's likes unless the page is kept for every reader. */
const pageSelect = (db: Db, { shared, reader }: ListPlan): Select =>
  selectQueries(db, shared ? undefined : reader.accountId);

const countedIn = (db: Db) => db.selectFrom('queries as q');
type Counted = ReturnType<typeof countedIn>;

/**
 * The filter's conditions on the questions' own columns, for the page and its count alike. With a
 * solved filter they match a partial index of migration 0009 term for term.
 */
const narrowing =
  (filter: ListFilter) =>
  <T extends { where: Counted['where'] }>(q: T): T => {
    let out = q as unknown as Counted;
    if (filter.solved === true) out = out.where('q.solved_at', 'is not', null);
    if (filter.solved === false) out = out.where('q.solved_at', 'is', null);
    if (filter.rollNo !== undefined) out = out.where('q.roll_no', '=', filter.rollNo);
    if (!filter.withHidden) out = out.where('q.hidden_at', 'is', null);
    return out as unknown as T;
  };

/** The page's questions narrowed by the plan's words, tag, group and mentor. */
function filtered(dialect: Dialect, query: Select, { filter, words }: ListPlan, masked: Masked): Select {
  let out = words === undefined ? query : ranked(dialect, query, words);
  if (filter.tag !== undefined) {
    const tag = filter.tag.toLowerCase();
    out = out.where('q.id', 'in', (eb) =>
      eb
        .selectFrom('query_tags as qt')
        .select('qt.query_id')
        .where(sql<string>`lower(qt.tag)`, '=', tag),
    );
  }
  if (filter.group !== undefined) {
    out = out.where('s.group_name', '=', filter.group);
    if (masked) out = out.where(sql<boolean>`not ${masked}`);
  }
  if (filter.mentoredBy !== undefined) {
    const teacher = filter.mentoredBy;
    out = out.where('s.group_name', 'in', (eb) =>
      eb
        .selectFrom('teacher_groups')
        .select('teacher_groups.group_name')
        .where('teacher_groups.teacher_account_id', '=', teacher),
    );
  }
  return out;
}

/** The page in the plan's order, ties newest first, then by id, so that pages never overlap. */
function sorted(query: Select, { sort, order }: ListPlan, masked: Masked): Select {
  let out = query;
  if (masked && (sort === 'name' || sort === 'group')) {
    const shown = sort === 'name' ? sql.lit(ANONYMOUS_STUDENT) : sql.lit('');
    out = out.orderBy(sql`case when ${masked} then ${shown} else ${sql.ref(SORT_COLUMNS[sort])} end`, order);
  } else {
    out = out.orderBy(SORT_COLUMNS[sort], order);
  }
  if (sort !== 'createdAt') out = out.orderBy('q.created_at', 'desc');
  return out.orderBy('q.id', sort === 'createdAt' ? order : 'desc');
}

/**
 * A mentor's or a group's questions, newest first: the page's ids come first from the questions'
 * index by student (migration 0032), and only those rows are joined; the count reads that index
 * alone. SQLite names the rows by rowid; on PostgreSQL the page carries its total (`withPageTotal`,
 * decision record 0060) and keeps one plan (decision record 0049).
 */
function idsFirst(db: Db, dialect: Dialect, plan: ListPlan, masked: Masked) {
  const { filter, order } = plan;
  const key = dialect === 'postgres' ? sql<string>`q.id` : sql<string>`q.rowid`;
  let ids = narrowing(filter)(
    db.selectFrom('queries as q').select(key.as('key')).where('q.roll_no', 'in', rollNosOf(db, filter)),
  );
  if (masked && filter.group !== undefined) ids = ids.where(sql<boolean>`not ${masked}`);
  ids = ids.orderBy('q.created_at', order).orderBy('q.id', order);
  const outer = pageSelect(db, plan).orderBy('q.created_at', order).orderBy('q.id', order);
  const paged = (take: number | undefined, skip: number) =>
    outer
      .innerJoin(withPageTotal(limited(ids, take, skip)).as('p'), (join) =>
        join.on(sql<boolean>`${sql.ref('p.key')} = ${key}`),
      )
      .select(sql.ref<number | string>(`p.${PAGE_TOTAL}`).as(PAGE_TOTAL));
  return {
    query: plan.countsInPage
      ? new PagedQuery(paged)
      : new PagedQuery((take, skip) => outer.where(key, 'in', limited(ids, take, skip))),
    counted: ids.clearOrderBy(),
  };
}

/**
 * The page's query and the cheaper one its count reads: the questions alone when no filter needs
 * their students (every question has its student: a foreign key) or another table.
 */
export function listStatements(db: Db, dialect: Dialect, plan: ListPlan) {
  const masked = plan.masking
    ? sql<boolean>`(q.anonymous = 1 and q.roll_no <> ${plan.reader.rollNo ?? 0})`
    : undefined;
  if (plan.byStudentsFirst) return idsFirst(db, dialect, plan, masked);
  const narrow = narrowing(plan.filter);
  return {
    query: narrow(sorted(filtered(dialect, pageSelect(db, plan), plan, masked), plan, masked)),
    counted: narrow(countedIn(db)),
  };
}

export type ListStatements = ReturnType<typeof listStatements>;
