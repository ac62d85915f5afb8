/**
 * Day marks made offline and sent later with the mark the teacher saw (`was`): a mark made meanwhile
 * by someone else is answered with both and never overwritten; without `was` (the spec's client),
 * marking again replaces the mark as before.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayMarkConflict } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createStudent, createTeacher, login } from '../../../test/fixtures';

let t: TestApp;
let offlineToken: string;
let otherToken: string;
const DATE = '2024-01-16';

beforeAll(async () => {
  t = await createTestApp();
  offlineToken = await login(t.app, (await createTeacher(t.handle.db)).loginId);
  otherToken = await login(t.app, (await createTeacher(t.handle.db)).loginId);
});
afterAll(() => t.close());

type Record = { studentId: number; status: 'Present' | 'Absent'; was?: string | null };
const mark = (token: string, attendanceRecords: Record[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mark-attendance',
    headers: bearer(token),
    payload: { date: DATE, attendanceRecords },
  });

async function groupOf(count: number): Promise<{ group: string; rollNos: number[] }> {
  const group = `G-${randomUUID().slice(0, 8)}`;
  const rollNos: number[] = [];
  for (let i = 0; i < count; i++) rollNos.push((await createStudent(t.handle.db, { group })).rollNo);
  return { group, rollNos };
}

async function marksOf(group: string): Promise<Map<number, string>> {
  const res = await t.app.inject({
    url: '/api/attendance-marks',
    query: { group, date: DATE },
    headers: bearer(otherToken),
  });
  expect(res.statusCode).toBe(200);
  return new Map(res.json<{ studentId: number; status: string }[]>().map((m) => [m.studentId, m.status]));
}

describe('day marks sent with the mark the teacher saw', () => {
  it('answers 409 with both marks when someone else marked the student meanwhile, and saves nothing', async () => {
    const { group, rollNos } = await groupOf(2);
    const [first, second] = rollNos as [number, number];
    expect((await mark(otherToken, [{ studentId: first, status: 'Absent' }])).statusCode).toBe(200);

    const res = await mark(offlineToken, [
      { studentId: first, status: 'Present', was: null },
      { studentId: second, status: 'Present', was: null },
    ]);
    expect(res.statusCode).toBe(409);
    const body = res.json<DayMarkConflict>();
    expect(body.message).toBe(`Marked meanwhile by someone else: ${first}; nothing was marked`);
    expect(body.conflicts).toEqual([
      { studentId: first, was: null, theirs: 'Absent', markedAt: expect.any(String), yours: 'Present' },
    ]);
    // Neither the student in conflict nor the other of the same request was written.
    expect(await marksOf(group)).toEqual(new Map([[first, 'Absent']]));
  });

  it('saves the marks once the teacher keeps theirs deliberately (`was` set to the mark now held)', async () => {
    const { group, rollNos } = await groupOf(2);
    const [first, second] = rollNos as [number, number];
    await mark(otherToken, [{ studentId: first, status: 'Absent' }]);

    const res = await mark(offlineToken, [
      { studentId: first, status: 'Present', was: 'Absent' },
      { studentId: second, status: 'Absent', was: null },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await marksOf(group)).toEqual(
      new Map([
        [first, 'Present'],
        [second, 'Absent'],
      ]),
    );
  });

  it('takes the same marks sent again after a lost answer as no conflict', async () => {
    const { group, rollNos } = await groupOf(3);
    const records = rollNos.map((studentId) => ({ studentId, status: 'Present' as const, was: null }));
    expect((await mark(offlineToken, records)).statusCode).toBe(200);
    const again = await mark(offlineToken, records);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ count: 3 });
    expect([...(await marksOf(group)).values()]).toEqual(['Present', 'Present', 'Present']);
  });

  it("replaces a mark as before when `was` is not sent (the spec's client)", async () => {
    const { group, rollNos } = await groupOf(1);
    const [only] = rollNos as [number];
    await mark(otherToken, [{ studentId: only, status: 'Absent' }]);
    const res = await mark(offlineToken, [{ studentId: only, status: 'Present' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ corrected: [{ studentId: only, from: 'Absent', to: 'Present' }] });
    expect((await marksOf(group)).get(only)).toBe('Present');
  });

  it('refuses a `was` that is no status with a 400 that names it', async () => {
    const { rollNos } = await groupOf(1);
    const res = await mark(offlineToken, [{ studentId: rollNos[0]!, status: 'Present', was: 'Late' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/was.*must be Present, Absent, On leave or null/);
  });
});
