import { describe, expect, it } from 'vitest';
import { hashOneTimePassword, hashPassword, newOneTimePassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verify an argon2id hash of the password given, and nothing else', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterz')).toBe(false);
  });

  it('verify a one-time password against its salted digest, and nothing else', async () => {
    const otp = newOneTimePassword();
    const stored = hashOneTimePassword(otp);
    expect(stored).not.toContain(otp);
    expect(await verifyPassword(stored, otp)).toBe(true);
    expect(await verifyPassword(stored, `${otp}x`)).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
    expect(hashOneTimePassword(otp)).not.toBe(stored);
  });

  it('make one-time passwords of 13 characters that are easy to read, each new', () => {
    const made = new Set(Array.from({ length: 1000 }, newOneTimePassword));
    expect(made.size).toBe(1000);
    for (const otp of made) expect(otp).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{13}$/);
  });
});
