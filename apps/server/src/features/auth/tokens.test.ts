/** Token verification: only tokens this server signed, only until they expire, remembered or not. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'a-secret-long-enough-for-hs256-signing-in-tests';
const claims = (exp: number) => ({ sub: 'account-1', jti: 'session-1', role: 'student' as const, exp });

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenService', () => {
  it('verifies what it signed, and gives back the claims', async () => {
    const tokens = new TokenService(SECRET);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = await tokens.sign({ ...claims(exp), name: 'Asha' });
    expect(tokens.verify(token)).toEqual(claims(exp));
  });

  it('refuses a token signed with another secret, even one it verified before under its own', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = await new TokenService(`${SECRET}-other`).sign(claims(exp));
    expect(new TokenService(SECRET).verify(token)).toBeUndefined();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T08:00:00Z'));
    const tokens = new TokenService(SECRET);
    const token = await tokens.sign(claims(Math.floor(Date.now() / 1000) + 60));
    expect(tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2030-01-01T08:01:01Z'));
    expect(tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token whose signature or payload was changed', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.sign(claims(Math.floor(Date.now() / 1000) + 3600));
    expect(tokens.verify(token)).toBeDefined();
    const [header, body, signature] = token.split('.') as [string, string, string];
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${admin}.${signature}`)).toBeUndefined();
    expect(tokens.verify(`${header}.${body}.${signature.slice(0, -1)}`)).toBeUndefined();
    expect(tokens.verify(`${header}.${body}`)).toBeUndefined();
  });
});
