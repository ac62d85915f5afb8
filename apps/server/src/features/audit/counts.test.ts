import type { AuditKind } from '@campus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, login } from '../../../test/fixtures';
import { auditRepository, type AuditRecord } from './repository';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

/** The log's "of N" as the admin's list tells it, for a page too short to show every entry. */
async function listedTotal(query: Record<string, string> = {}): Promise<number> {
  const res = await t.app.inject({
    url: '/api/audit-log',
    query: { limit: '1', ...query },
    headers: bearer(adminToken),
  });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
}

/** The entries the log really holds, counted row by row. */
async function counted(kind?: AuditKind): Promise<number> {
  const where = kind ? sql`where kind = ${kind}` : sql``;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from audit_log ${where}`.execute(
    t.handle.db,
  );
  return Number(rows[0]!.n);
}

const entry = (kind: AuditKind, n: number): AuditRecord => ({
  kind,
  actorLoginId: 800_000 + n,
  actorRole: 'teacher',
  target: `target-${n}`,
  detail: null,
});

describe("the audit log's kept counts", () => {
  it('tell the whole log and each kind as many entries as the log holds, through writes and pruning', async () => {
    const audit = auditRepository(t.handle.db, t.handle.dialect);
    // A few entries in one statement, many in another (the repository writes them differently).
    await audit.recordAll([entry('query.like', 1), entry('query.like', 2), entry('gatepass.decision', 3)]);
    await audit.recordAll(Array.from({ length: 20 }, (_, n) => entry('attendance.mark', 10 + n)));
    await audit.record(entry('query.like', 4));
    // An entry that adds to an earlier one is no new entry.
    const refusal = { ...entry('signin.failure', 5), client: '203.0.113.7' };
    await audit.recordCounted(refusal, 60_000, Date.now());
    await audit.recordCounted(refusal, 60_000, Date.now());

    expect(await counted('query.like')).toBe(3);
    expect(await counted('attendance.mark')).toBe(20);
    for (const kind of ['query.like', 'attendance.mark', 'gatepass.decision', 'signin.failure'] as const) {
      expect(await listedTotal({ kind })).toBe(await counted(kind));
    }
    expect(await listedTotal()).toBe(await counted());
    expect(await listedTotal({ actor: '800004' })).toBe(1);

    // Pruning takes its entries out of the counts.
    expect(await audit.prune(new Date(Date.now() + 60_000))).toBeGreaterThan(20);
    await audit.recordAll([entry('query.like', 6), entry('attendance.mark', 7), entry('attendance.mark', 8)]);
    expect(await listedTotal({ kind: 'attendance.mark' })).toBe(2);
    expect(await listedTotal()).toBe(await counted());
  });

  it('count the entries a change writes together with itself (one statement on PostgreSQL)', async () => {
    const student = await createStudent(t.handle.db, { group: 'C-1' });
    const token = await login(t.app, student.loginId);
    for (const reason of ['Dentist', 'Library trip']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submit-gatepass',
        headers: bearer(token),
        payload: { date: '2030-12-01', time: '10:00', reason },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await counted('gatepass.submit')).toBe(2);
    expect(await listedTotal({ kind: 'gatepass.submit' })).toBe(2);
    expect(await listedTotal()).toBe(await counted());
  });
});
