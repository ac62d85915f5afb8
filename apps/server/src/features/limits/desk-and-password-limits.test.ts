/**
 * The gate desk's own allowance, leave's own allowance, and the writes no allowance may block:
 * signing out and choosing a password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createGuard, createStudent, createTeacher, login, PASSWORD } from '../../../test/fixtures';
import { newId, nowIso } from '../../lib/ids';
import { newGateCode } from '../gate/repository';
import { DEFAULT_WRITE_LIMITS } from '../../lib/write-limits';

const LIMITS = { ...DEFAULT_WRITE_LIMITS, other: 3, gate: 5, leave: 2 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ writeLimits: LIMITS });
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

let noticeCount = 0;
const notice = (token: string) =>
  post('/api/create-notice', token, {
    type: 'generalNotice',
    data: { heading: `Notice ${++noticeCount}`, contactEmail: 'office@test.example', description: 'Text' },
  });

describe('the gate desk', () => {
  it('records scans under its own allowance, not the allowance of other changes', async () => {
    const student = await createStudent(t.handle.db);
    const code = newGateCode();
    await t.handle.db
      .insertInto('gate_passes')
      .values({
        id: newId(),
        roll_no: student.rollNo,
        contact: '9000000000',
        date: today(),
        time: '00:00',
        reason: 'Hospital visit',
        status: 'approved',
        gate_code: code,
        created_at: nowIso(),
        decided_by: null,
        decided_at: nowIso(),
      })
      .execute();
    const guard = await login(t.app, (await createGuard(t.handle.db)).loginId);
    // More scans than the allowance of other changes (3), within the desk's (5).
    for (let i = 0; i < LIMITS.gate; i++) {
      const scan = await post('/api/gate/scan', guard, { code });
      expect(scan.statusCode, scan.body).toBe(200);
    }
    const over = await post('/api/gate/scan', guard, { code });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(
      /^This desk can record 5 scans and moves an hour\. Try again in/,
    );
  });
});

describe('leave', () => {
  it('is counted apart from gate passes, and its refusal speaks of leave', async () => {
    const student = await createStudent(t.handle.db);
    const token = await login(t.app, student.loginId);
    for (const days of [
      [1, 1],
      [3, 3],
    ] as const) {
      const filed = await post('/api/leave', token, {
        from: addDays(today(), days[0]),
        to: addDays(today(), days[1]),
        reason: 'Family wedding',
      });
      expect(filed.statusCode, filed.body).toBe(201);
    }
    const over = await post('/api/leave', token, {
      from: addDays(today(), 5),
      to: addDays(today(), 5),
      reason: 'Family wedding',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/^You can apply for leave 2 times an hour\./);
    const pass = await post('/api/submit-gatepass', token, {
      date: addDays(today(), 1),
      time: '10:00',
      reason: 'Bank',
    });
    expect(pass.statusCode).toBe(201);
  });
});

describe('writes no allowance blocks', () => {
  it('lets an account over its allowance change its password and sign out', async () => {
    const teacher = await createTeacher(t.handle.db);
    const token = await login(t.app, teacher.loginId);
    for (let i = 0; i < LIMITS.other; i++) expect((await notice(token)).statusCode).toBe(201);
    expect((await notice(token)).statusCode).toBe(429);

    const changed = await post('/api/change-password', token, {
      currentPassword: PASSWORD,
      newPassword: 'a new teacher password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = await login(t.app, teacher.loginId, 'a new teacher password');
    const out = await post('/api/logout', fresh, {});
    expect(out.statusCode).toBe(200);
  });
});
