/**
 * Writes of the Q&A board: unsolved → solved once; one like per account; staff may hide a query as
 * spam, which takes it off both boards. Each write names whose rows it changes (db/changes.ts).
 */
import type { Query } from '@campus/contract';
import type { Kysely } from 'kysely';
import { writingRows } from '../../db/changes';
import type { Db, Dialect } from '../../db/index';
import type { Database } from '../../db/schema';
import { writeTogether, type CountedWrite } from '../../db/together';
import { newId, nowIso } from '../../lib/ids';
import { insertEntries, type AuditRecord } from '../audit/repository';
import type { StudentCard } from '../people/cards';
import { askerOf, findById } from './by-id';
import { queryWrites } from './cache-keys';
import type { KeptPagesOf } from './kept-pages';
import { readerOf, toQueries, type Reader, type Row } from './rows';

export interface NewQuery {
  rollNo: number;
  topic: string;
  description: string;
  tags: string[];
  anonymous?: boolean;
}

export type SolveOutcome =
  { kind: 'solved'; query: Query } | { kind: 'not-found' } | { kind: 'already-solved' };

/** `db` for writes that change only this student's questions and their tags (db/changes.ts). */
const asked = <D extends Kysely<Database>>(db: D, rollNo: number): D =>
  writingRows(db, queryWrites.asked(rollNo));

/** A new question's row: unsolved, with no likes. */
const newRow = (input: NewQuery) => ({
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
});

/** The question as a board's read gives it: the columns of `selectQueries`, liked by nobody. */
const asRead = (row: ReturnType<typeof newRow>, student: StudentCard): Row => ({
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
});

/**
 * Likes the query for the account, or takes the like back when it already has one: the like row and
 * the counter change in one transaction. Undefined when the query does not exist; 'own' when the
 * student liking it asked it (`rollNo` is the liker's, null for staff).
 */
async function toggleLike(
  db: Db,
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
}

export function writesRepository(db: Db, dialect: Dialect, pages: KeptPagesOf) {
  return {
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
      const row = newRow(input);
      const read = asRead(row, student);
      // The answer, as its asker sees it, is built from what is written instead of read back.
      const [query] = toQueries([read], readerOf(viewer), false, new Map([[row.id, [...input.tags]]]));
      const entries = audit?.(query!) ?? [];
      const tags = input.tags.map((tag, position) => ({ query_id: row.id, position, tag }));
      // One statement on PostgreSQL (decision record 0051): the foreign key and the tags' triggers
      // (the search document) run at its end, with the row there.
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
      pages.keepAsked(read, student, input.tags, tags.length > 0 ? 2 : 1);
      return query!;
    },

    /**
     * Answers an unsolved query in one conditional update, so that of two teachers answering at once
     * exactly one is recorded; a solved query keeps its answer.
     */
    async solve(id: string, solution: string, teacherAccountId: string): Promise<SolveOutcome> {
      const asker = await askerOf(db, id);
      if (asker === undefined) return { kind: 'not-found' };
      const result = await asked(db, asker)
        .updateTable('queries')
        .set({ solution, solved_by: teacherAccountId, solved_at: nowIso() })
        .where('id', '=', id)
        .where('solution', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return { kind: 'already-solved' };
      const query = await findById(db, id, readerOf(teacherAccountId));
      return query ? { kind: 'solved', query } : { kind: 'not-found' };
    },

    /**
     * Hides the query as spam, or shows it again; hiding an already hidden query keeps who hid it
     * first. Undefined when the query does not exist.
     */
    async setHidden(id: string, hidden: boolean, staffAccountId: string): Promise<Query | undefined> {
      const asker = await askerOf(db, id);
      if (asker === undefined) return undefined;
      await asked(db, asker)
        .updateTable('queries')
        .set(
          hidden ? { hidden_at: nowIso(), hidden_by: staffAccountId } : { hidden_at: null, hidden_by: null },
        )
        .where('id', '=', id)
        .where('hidden_at', hidden ? 'is' : 'is not', null)
        .execute();
      return findById(db, id, readerOf(staffAccountId), true);
    },

    toggleLike: (id: string, accountId: string, rollNo: number | null) =>
      toggleLike(db, id, accountId, rollNo),
  };
}
