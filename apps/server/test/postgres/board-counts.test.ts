/**
 * The boards' counts on PostgreSQL (migrations 0025 and 0027): a question asked takes its board's
 * count row only as its transaction commits, so questions asked at once do not wait for each
 * other's whole transaction, and the count is right once it has.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createStudent } from '../fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const unsolvedCount = async () =>
  Number(
    (
      await sql<{ total: number | string }>`select total from query_board_counts where solved = 0`.execute(
        t.handle.db,
      )
    ).rows[0]!.total,
  );

describe("the boards' counts on PostgreSQL", () => {
  it('are taken by a new question only as it commits, and hold it afterwards', async () => {
    const student = await createStudent(t.handle.db);
    const before = await unsolvedCount();
    await t.handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('queries')
        .values({
          id: 'asked-at-once',
          roll_no: student.rollNo,
          topic: 'Lab hours',
          description: 'When does the lab open?',
          solution: null,
          solved_by: null,
          solved_at: null,
          likes: 0,
          created_at: new Date().toISOString(),
          anonymous: 0,
        })
        .execute();
      // Another connection changes the count row meanwhile without waiting: the question holds no
      // lock on it yet (a waiting update would fail after the lock timeout).
      await t.handle.db.connection().execute(async (other) => {
        await sql`set lock_timeout = '2s'`.execute(other);
        await sql`update query_board_counts set total = total where solved = 0`.execute(other);
        await sql`reset lock_timeout`.execute(other);
      });
    });
    expect(await unsolvedCount()).toBe(before + 1);
  });
});
