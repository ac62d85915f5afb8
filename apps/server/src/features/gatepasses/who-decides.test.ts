/**
 * Who decides a gate pass (decision record 0077): any teacher approves or rejects, as SPEC §6 says,
 * and any teacher or admin revokes one nobody has used; the same on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatePass } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createGuard,
  createStudent,
  createTeacher,
  login,
} from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const put = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

async function pendingPass(): Promise<string> {
  const student = await createStudent(t.handle.db, { group: 'WD-1' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submit-gatepass',
    headers: bearer(await login(t.app, student.loginId)),
    payload: { date: tomorrow(), time: '10:00', reason: 'Dentist' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ gatepass: GatePass }>().gatepass._id;
}

describe('deciding a gate pass', () => {
  it("lets a teacher who is not the student's mentor approve, reject and revoke", async () => {
    const stranger = await login(t.app, (await createTeacher(t.handle.db, { groups: ['WD-2'] })).loginId);
    const approved = await pendingPass();
    const decided = await put('/api/gatepasses/update-status', stranger, {
      gatepassId: approved,
      approvedStatus: 'approved',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<GatePass>().approvedStatus).toBe('approved');
    const revoked = await put('/api/gatepasses/revoke', stranger, { gatepassId: approved });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<GatePass>()).toMatchObject({ gateState: 'revoked' });

    const rejected = await pendingPass();
    const no = await put('/api/gatepasses/update-status', stranger, {
      gatepassId: rejected,
      approvedStatus: 'rejected',
    });
    expect(no.statusCode).toBe(200);
    expect(no.json<GatePass>().approvedStatus).toBe('rejected');
  });

  it('lets an admin revoke but not decide, and a guard do neither', async () => {
    const admin = await login(t.app, (await createAdmin(t.handle.db)).loginId);
    const guard = await login(t.app, (await createGuard(t.handle.db)).loginId);
    const teacher = await login(t.app, (await createTeacher(t.handle.db)).loginId);
    const id = await pendingPass();
    const adminDecides = await put('/api/gatepasses/update-status', admin, {
      gatepassId: id,
      approvedStatus: 'approved',
    });
    expect(adminDecides.statusCode).toBe(403);
    expect(
      (await put('/api/gatepasses/update-status', teacher, { gatepassId: id, approvedStatus: 'approved' }))
        .statusCode,
    ).toBe(200);
    expect((await put('/api/gatepasses/revoke', guard, { gatepassId: id })).statusCode).toBe(403);
    expect((await put('/api/gatepasses/revoke', admin, { gatepassId: id })).statusCode).toBe(200);
  });
});
