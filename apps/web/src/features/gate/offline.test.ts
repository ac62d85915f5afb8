import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GateCredentialClaims, GateKey } from '@campus/contract';
import { ApiError, NetworkError } from '../../lib/api-client';
import { checkOffline, pendingMoves, queueMove, rememberKey, syncMoves, type QueuedMove } from './offline';

// 2031-03-10, 08:00 UTC: the campus day is 2031-03-10.
const NOW = new Date('2031-03-10T08:00:00.000Z');
const PASS = '0b7d2c1e-4a5f-4c3b-9d8e-1f2a3b4c5d6e';
const endOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / 1000 + 86_400;

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
let gateKey: CryptoKeyPair;
let otherKey: CryptoKeyPair;
let publicKey: GateKey['publicKey'];

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const encoded = (value: object) => base64Url(new TextEncoder().encode(JSON.stringify(value)));

/** A credential as the server signs it: an ES256 JWT of type gatepass. */
async function credential(claims: Partial<GateCredentialClaims> = {}, signer = gateKey.privateKey) {
  const payload: GateCredentialClaims = {
    sub: PASS,
    rno: 21001,
    d: '2031-03-10',
    t: '09:00',
    r: '12:00',
    exp: endOf(claims.d ?? '2031-03-10'),
    ...claims,
  };
  const signed = `${encoded({ alg: 'ES256', typ: 'gatepass' })}.${encoded(payload)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    signer,
    new TextEncoder().encode(signed),
  );
  return `${signed}.${base64Url(new Uint8Array(signature))}`;
}

/** The key as the desk keeps it after `GET /api/gate/key`. */
const rememberGateKey = (refused: GateKey['refused'] = []) =>
  rememberKey({ publicKey, refused, asOf: NOW.toISOString() });

beforeAll(async () => {
  gateKey = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  otherKey = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const { kty = '', crv = '', x = '', y = '' } = await crypto.subtle.exportKey('jwk', gateKey.publicKey);
  publicKey = { kty, crv, x, y };
});

describe('a credential checked on the gate device while offline', () => {
  it('is not checked before the key was fetched', async () => {
    expect(await checkOffline(await credential(), NOW)).toBeUndefined();
  });

  it('lets today’s pass out, showing the roll number and times the credential carries', async () => {
    rememberGateKey();
    expect(await checkOffline(await credential(), NOW)).toEqual({
      outcome: 'allow-exit',
      message: 'Allow exit',
      gatepass: {
        _id: PASS,
        name: '',
        initials: '#',
        rollNo: 21001,
        group: '',
        date: '2031-03-10',
        time: '09:00',
        returnBy: '12:00',
        reason: '',
      },
    });
  });

  it('refuses a credential signed by another key, or changed after signing, as forged', async () => {
    rememberGateKey();
    const foreign = await credential({}, otherKey.privateKey);
    const [head, , sig] = (await credential()).split('.');
    const tampered = `${head}.${encoded({ sub: PASS, rno: 99999, d: '2031-03-10', t: '09:00', r: null, exp: endOf('2031-03-10') })}.${sig}`;
    for (const token of [foreign, tampered, 'not a token']) {
      expect(await checkOffline(token, NOW)).toEqual({
        outcome: 'refused',
        reason: 'forged',
        message: 'Forged or unknown code',
      });
    }
  });

  it.each([
    ['tomorrow’s pass', 'wrong-day', '2031-03-11'],
    ['yesterday’s pass', 'expired', '2031-03-09'],
  ])('refuses %s: %s', async (_name, reason, day) => {
    rememberGateKey();
    const answer = await checkOffline(await credential({ d: day }), NOW);
    expect(answer).toMatchObject({ outcome: 'refused', reason });
    expect(answer?.gatepass).toBeUndefined();
  });

  it('reads the pass’s day on the campus’s clock the credential names, not UTC’s', async () => {
    rememberGateKey();
    // 2031-03-09T20:00Z: still 9 March in UTC, already 10 March, 01:30, in India.
    const night = new Date('2031-03-09T20:00:00.000Z');
    const inIndia = { sub: '5e0c9a7b-1d2e-4f3a-8b4c-6d7e8f9a0b1c', z: 'Asia/Kolkata' };
    const endInIndia = Date.parse('2031-03-10T18:30:00.000Z') / 1000;
    const today = await credential({ ...inIndia, d: '2031-03-10', exp: endInIndia });
    expect(await checkOffline(today, night)).toMatchObject({ outcome: 'allow-exit' });
    const yesterday = await credential({ ...inIndia, d: '2031-03-09', exp: endInIndia - 86_400 });
    expect(await checkOffline(yesterday, night)).toMatchObject({ outcome: 'refused', reason: 'expired' });
    // A credential naming no zone is read in UTC, where 10 March has not begun.
    const utc = await credential({ sub: inIndia.sub, d: '2031-03-10' });
    expect(await checkOffline(utc, night)).toMatchObject({ outcome: 'refused', reason: 'wrong-day' });
  });

  it('refuses a pass the server listed as revoked', async () => {
    rememberGateKey([{ _id: PASS, reason: 'revoked' }]);
    expect(await checkOffline(await credential(), NOW)).toMatchObject({
      outcome: 'refused',
      reason: 'revoked',
    });
  });

  it('lets a student whose exit waits in the queue come back, even after their day is over', async () => {
    rememberGateKey();
    const token = await credential();
    queueMove({ direction: 'exit', gatepassId: PASS, at: NOW.toISOString(), credential: token });
    expect(await checkOffline(token, NOW)).toMatchObject({
      outcome: 'allow-return',
      message: 'Allow return',
    });
    const afterMidnight = new Date('2031-03-11T01:00:00.000Z');
    expect(await checkOffline(token, afterMidnight)).toMatchObject({ outcome: 'allow-return' });
  });

  it('refuses a pass whose return waits in the queue: already back', async () => {
    rememberGateKey();
    const token = await credential();
    queueMove({ direction: 'exit', gatepassId: PASS, at: NOW.toISOString(), credential: token });
    queueMove({ direction: 'return', gatepassId: PASS, at: NOW.toISOString(), credential: token });
    expect(await checkOffline(token, NOW)).toMatchObject({ outcome: 'refused', reason: 'already-back' });
  });
});

describe('a pass of another day checked offline', () => {
  it('refuses tomorrow’s pass as not for today, and yesterday’s as expired', async () => {
    rememberGateKey();
    const tomorrow = await credential({ d: '2031-03-11' });
    expect(await checkOffline(tomorrow, NOW)).toMatchObject({ outcome: 'refused', reason: 'wrong-day' });
    const yesterday = await credential({ d: '2031-03-09' });
    expect(await checkOffline(yesterday, NOW)).toMatchObject({ outcome: 'refused', reason: 'expired' });
  });

  it('refuses a credential past its expiry though its day is today', async () => {
    rememberGateKey();
    const lapsed = await credential({ exp: Date.parse('2031-03-10T07:00:00.000Z') / 1000 });
    expect(await checkOffline(lapsed, NOW)).toMatchObject({ outcome: 'refused', reason: 'expired' });
  });

  it('refuses a credential that is not one at all as forged', async () => {
    rememberGateKey();
    for (const text of ['', 'not-a-credential', 'a.b.c', `${await credential()}x`]) {
      expect(await checkOffline(text, NOW)).toMatchObject({ outcome: 'refused', reason: 'forged' });
    }
  });
});

describe('exits and returns queued while offline', () => {
  const exit = (token: string): QueuedMove => ({
    direction: 'exit',
    gatepassId: PASS,
    at: NOW.toISOString(),
    credential: token,
  });

  it('are sent once when the network is back, however many rounds start at once', async () => {
    localStorage.clear();
    queueMove(exit(await credential()));
    const send = vi.fn(() => Promise.resolve({}));
    const rounds = await Promise.all([syncMoves(send), syncMoves(send), syncMoves(send)]);
    expect(rounds).toEqual([1, 1, 1]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ direction: 'exit', gatepassId: PASS }));
    expect(pendingMoves()).toEqual([]);
    expect(await syncMoves(send)).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('wait while the server cannot be reached, and go once it can', async () => {
    localStorage.clear();
    queueMove(exit(await credential()));
    const offline = vi.fn(() => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))));
    await expect(syncMoves(offline)).rejects.toBeInstanceOf(NetworkError);
    expect(pendingMoves()).toHaveLength(1);
    const online = vi.fn(() => Promise.resolve({}));
    expect(await syncMoves(online)).toBe(1);
    expect(online).toHaveBeenCalledTimes(1);
    expect(pendingMoves()).toEqual([]);
  });

  it('leave the queue when the server refuses them for good (already recorded at another desk)', async () => {
    localStorage.clear();
    queueMove(exit(await credential()));
    const refused = vi.fn(() =>
      Promise.reject(new ApiError(409, 'Already out', 'Already out', { message: 'Already out' })),
    );
    expect(await syncMoves(refused)).toBe(1);
    expect(pendingMoves()).toEqual([]);
  });
});
