/**
 * Every refused sign-in does the same work (decision record 0024): an unknown User ID, a wrong
 * password for an account with its own password and one for an account holding an unused one-time
 * password each run exactly one argon2 verification, so timing does not tell them apart.
 */
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createStudent } from '../../../test/fixtures';
import { hashOneTimePassword, newOneTimePassword } from '../../lib/passwords';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const signIn = (userId: number, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userId: String(userId), password },
    remoteAddress: `198.51.100.${++n}`,
  });

/** The argon2 verifications one sign-in ran, and its answer. */
async function workOf(userId: number, password: string) {
  const verify = vi.mocked(argon2.verify);
  verify.mockClear();
  const answer = await signIn(userId, password);
  return { status: answer.statusCode, body: answer.json(), verifications: verify.mock.calls.length };
}

describe('a refused sign-in', () => {
  it('runs one argon2 verification and gives the same answer, whatever the account', async () => {
    const ownPassword = await createStudent(t.handle.db);
    const oneTime = await createStudent(t.handle.db);
    await t.handle.db
      .updateTable('accounts')
      .set({ password_hash: hashOneTimePassword(newOneTimePassword()), must_change_password: 1 })
      .where('id', '=', oneTime.accountId)
      .execute();

    const refused = {
      status: 401,
      body: { message: 'Invalid User ID or password' },
      verifications: 1,
    };
    expect(await workOf(9_990_001, 'a guess')).toEqual(refused);
    expect(await workOf(ownPassword.loginId, 'a guess')).toEqual(refused);
    expect(await workOf(oneTime.loginId, 'a guess')).toEqual(refused);
  });
});
