/** A question's row as the boards read it, and the question a reader is shown from it. */
import { ANONYMOUS_STUDENT, UNSOLVED_SOLUTION, type Query, type Role } from '@campus/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import { withActorName } from '../../db/actor-name';
import type { Db } from '../../db/index';
import type { PagedQuery } from '../../lib/lists';

/** The paged form of a query (`PagedQuery`, lib/lists.ts). */
export type PagedOf<Q> =
  Q extends SelectQueryBuilder<infer D, infer T, infer O> ? PagedQuery<D, T, O> : never;

/** Who reads: a student other than the asker sees an anonymous question's asker as ANONYMOUS_STUDENT. */
export interface Reader {
  accountId: string;
  role: Role;
  rollNo: number | null;
}

/** An account id alone reads as staff do (every asker shown): the routes pass students as readers. */
export const readerOf = (viewer: Reader | string): Reader =>
  typeof viewer === 'string' ? { accountId: viewer, role: 'admin', rollNo: null } : viewer;

/**
 * The page's queries with their students and the viewer's like, in one query (a page adds each
 * one's tags to it, `tagged`; one question looked up by id reads them apart, `tagsOf`); without a
 * viewer, liked by nobody (a page kept for every reader, whose likes are looked up apart).
 */
export const selectQueries = (db: Db, viewerAccountId: string | undefined) =>
  db
    .selectFrom('queries as q')
    .innerJoin('students as s', 's.roll_no', 'q.roll_no')
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
    ])
    .$call((q) => withActorName(q, 'q.solved_by', ['teachers'], 'solved_by_name'));

export type Select = ReturnType<typeof selectQueries>;
export type Row = Awaited<ReturnType<Select['execute']>>[number];
/** A row with its tags' column (`tagged`): a JSON list, which SQLite hands over as text. */
export type TaggedRow = Row & { tag_list: string[] | string | null };

/** A row as `reader` is shown it, with its tags. */
function toQuery(row: Row, reader: Reader, withHidden: boolean, tags: string[]): Query {
  const anonymous = row.anonymous === 1;
  const hidden = anonymous && reader.role === 'student' && reader.rollNo !== row.roll_no;
  const marked = row as Row & { topic_hl?: string; description_hl?: string };
  return {
    _id: row.id,
    ...(hidden
      ? { name: ANONYMOUS_STUDENT, rollNo: 0, email: '', group: '' }
      : { name: row.name, rollNo: row.roll_no, email: row.email, group: row.group_name }),
    topic: row.topic,
    tags,
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
}

/** The rows as `reader` is shown them, each with its tags from `tags` (by id). */
export const toQueries = (
  rows: readonly Row[],
  reader: Reader,
  withHidden: boolean | undefined,
  tags: ReadonlyMap<string, string[]>,
): Query[] => rows.map((row) => toQuery(row, reader, withHidden ?? false, tags.get(row.id) ?? []));
