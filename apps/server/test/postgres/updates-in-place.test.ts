/**
 * Rows written over and over are rewritten in place on PostgreSQL (migration 0028): a day's marks,
 * corrected, stay on their page without new index entries, so re-marking leaves nothing for a
 * vacuum to clear from the indexes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createStudent, createTeacher } from '../fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const day = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe('attendance on PostgreSQL', () => {
  it('corrects marks on their own page: no new index entries', async () => {
    const student = await createStudent(t.handle.db);
    const teacher = await createTeacher(t.handle.db);
    // Two pages' worth of one student's days, as a day's marks are inserted: together.
    const days = Array.from({ length: 150 }, (_, i) => day(i));
    await t.handle.db
      .insertInto('attendance')
      .values(
        days.map((date) => ({
          roll_no: student.rollNo,
          date,
          status: 'Present',
          marked_by: teacher.accountId,
          marked_at: new Date().toISOString(),
        })),
      )
      .execute();
    // A fifth of them corrected, in one transaction: its own statistics count how.
    const corrected = days.filter((_, i) => i % 5 === 0);
    const { updated, inPlace } = await t.handle.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('attendance')
        .set({ status: 'Absent' })
        .where('roll_no', '=', student.rollNo)
        .where('date', 'in', corrected)
        .executeTakeFirst();
      const stats = await sql<{ hot: string }>`
        select pg_stat_get_xact_tuples_hot_updated('attendance'::regclass) as hot`.execute(trx);
      return { updated: Number(result.numUpdatedRows), inPlace: Number(stats.rows[0]!.hot) };
    });
    expect(updated).toBe(corrected.length);
    expect(inPlace).toBe(corrected.length);
  });
});
