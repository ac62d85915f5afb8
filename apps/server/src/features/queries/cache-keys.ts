/** The Q&A board's cached reads (decision record 0080). */
import { existingRowsOf, rowsOf, type WrittenRows } from '../../db/changes';
import { cachedRead, type CachedRead, type CachedSource } from '../../db/read-cache';
import type { Page } from '../../lib/lists';
import type { ListPlan } from './plan';

/** Who a list's questions name besides their own rows: their students, solvers and mentors. */
const PEOPLE = ['students', 'teachers', 'teacher_groups'] as const;

/**
 * What a read of the plan's `tables` names as its sources: one student's rows, a mentor's
 * students' rows, or the whole tables, with `also`. Questions are asked unsolved: a solved list
 * follows the questions already there, and stays in memory while new ones come in.
 */
function followed(
  { filter, mentees }: ListPlan,
  tables: readonly ('queries' | 'query_tags')[],
  also: readonly CachedSource[],
): readonly CachedSource[] {
  const whole = (table: 'queries' | 'query_tags') => (filter.solved === true ? existingRowsOf(table) : table);
  return filter.rollNo !== undefined
    ? [...also, ...tables.map((table) => rowsOf(table, filter.rollNo!))]
    : mentees
      ? mentees.sources(tables, also)
      : [...also, ...tables.map(whole)];
}

/** What decides a list's rows, whatever its page: the filter and the mentees followed. */
const listParts = ({ filter, mentees }: ListPlan) => [
  String(filter.solved),
  filter.rollNo,
  filter.withHidden ? 'hidden' : '',
  filter.group,
  filter.mentoredBy,
  mentees?.key,
];

export const queryKeys = {
  /** A page kept for every reader: its questions, their tags, students and solvers. */
  page: (plan: ListPlan, { limit, offset }: Page) =>
    cachedRead(
      ['queries-page', ...listParts(plan), plan.sort, plan.order, limit ?? 'all', offset],
      followed(plan, ['queries', 'query_tags'], PEOPLE),
    ),
  /**
   * A list's count, the same for every reader (unless a student's group filter hides others'
   * anonymous questions); undefined where it is not. A count through other tables follows them.
   */
  count: (plan: ListPlan): CachedRead | undefined => {
    const { filter, masking, countItself } = plan;
    if (filter.words !== undefined || filter.tag !== undefined || (filter.group !== undefined && masking)) {
      return undefined;
    }
    return cachedRead(
      ['queries-count', ...listParts(plan)],
      followed(plan, ['queries'], countItself ? PEOPLE : []),
    );
  },
  /** Every question one account likes. */
  liked: (accountId: string) => cachedRead(['queries-liked', accountId], ['query_likes']),
};

/** A new question (or a write of one's own) changes only its asker's questions and their tags. */
export const queryWrites = {
  asked: (rollNo: number): WrittenRows => ({ queries: [rollNo], query_tags: [rollNo] }),
};
