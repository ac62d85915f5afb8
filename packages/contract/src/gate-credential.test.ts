import { describe, expect, it } from 'vitest';
import {
  GateCredentialClaimsSchema,
  credentialExpired,
  credentialZone,
  decideGateScan,
  type GateCredentialCheck,
  type GatePassStanding,
  type GateScanDecision,
} from './gate-credential.js';
import type { GateDirection } from './gate.js';

const at = (iso: string) => Date.parse(iso);
const MORNING = at('2031-03-10T08:00:00.000Z');
const exit: GateScanDecision = { outcome: 'allow-exit' };
const back: GateScanDecision = { outcome: 'allow-return' };
const refused = (reason: string) => ({ outcome: 'refused', reason });

describe('the gate’s rule for a scan', () => {
  const rows: [
    string,
    GatePassStanding,
    Exclude<GateCredentialCheck, 'forged'>,
    string,
    GateDirection,
    number,
    GateScanDecision | ReturnType<typeof refused>,
  ][] = [
    ['today’s unused pass', 'unused', 'valid', '2031-03-10', 'auto', MORNING, exit],
    ['today’s pass at an exit-only desk', 'unused', 'valid', '2031-03-10', 'exit', MORNING, exit],
    [
      'today’s pass at a return-only desk',
      'unused',
      'valid',
      '2031-03-10',
      'return',
      MORNING,
      refused('not-out'),
    ],
    ['tomorrow’s pass', 'unused', 'valid', '2031-03-11', 'auto', MORNING, refused('wrong-day')],
    ['yesterday’s pass', 'unused', 'valid', '2031-03-09', 'auto', MORNING, refused('expired')],
    ['a credential past its exp', 'unused', 'expired', '2031-03-10', 'auto', MORNING, refused('expired')],
    [
      'the last moment of the day',
      'unused',
      'valid',
      '2031-03-10',
      'auto',
      at('2031-03-10T23:59:59.999Z'),
      exit,
    ],
    [
      'midnight UTC',
      'unused',
      'valid',
      '2031-03-10',
      'auto',
      at('2031-03-11T00:00:00.000Z'),
      refused('expired'),
    ],
    // A campus in UTC: its day is the UTC day, whatever the clock where the scan happens.
    [
      'early morning in India',
      'unused',
      'valid',
      '2031-03-11',
      'auto',
      at('2031-03-11T02:00:00+05:30'),
      refused('wrong-day'),
    ],
    ['a revoked pass', 'revoked', 'valid', '2031-03-10', 'auto', MORNING, refused('revoked')],
    ['a revoked pass of another day', 'revoked', 'valid', '2031-03-09', 'auto', MORNING, refused('revoked')],
    [
      'a revoked pass at a return-only desk',
      'revoked',
      'valid',
      '2031-03-10',
      'return',
      MORNING,
      refused('not-out'),
    ],
    ['a pass not approved', 'not-approved', 'valid', '2031-03-10', 'auto', MORNING, refused('not-approved')],
    ['a student out', 'out', 'valid', '2031-03-10', 'auto', MORNING, back],
    ['a student out, at a return-only desk', 'out', 'valid', '2031-03-10', 'return', MORNING, back],
    [
      'a student out, at an exit-only desk',
      'out',
      'valid',
      '2031-03-10',
      'exit',
      MORNING,
      refused('already-out'),
    ],
    [
      'a student out past midnight',
      'out',
      'expired',
      '2031-03-10',
      'auto',
      at('2031-03-11T01:00:00.000Z'),
      back,
    ],
    ['a student back', 'back', 'valid', '2031-03-10', 'auto', MORNING, refused('already-back')],
    [
      'a student back, at a return-only desk',
      'back',
      'valid',
      '2031-03-10',
      'return',
      MORNING,
      refused('already-back'),
    ],
  ];

  it.each(rows)(
    '%s (%s, %s credential for %s, %s desk)',
    (_name, standing, check, d, direction, now, outcome) => {
      expect(decideGateScan({ check, claims: { d }, standing, direction, now, zone: 'UTC' })).toEqual(
        outcome,
      );
    },
  );

  // 2031-02-03T20:00Z is already 4 February, 01:30, in India (UTC+5:30).
  const INDIA_NIGHT = at('2031-02-03T20:00:00.000Z');
  const zoned: [string, string, string, number, GateScanDecision | ReturnType<typeof refused>][] = [
    ['the campus’s new day, before UTC’s', 'Asia/Kolkata', '2031-02-04', INDIA_NIGHT, exit],
    ['the day before on the campus’s clock', 'Asia/Kolkata', '2031-02-03', INDIA_NIGHT, refused('expired')],
    ['the day after on the campus’s clock', 'Asia/Kolkata', '2031-02-05', INDIA_NIGHT, refused('wrong-day')],
    ['the same instant at a campus in UTC', 'UTC', '2031-02-03', INDIA_NIGHT, exit],
    ['tomorrow at a campus in UTC', 'UTC', '2031-02-04', INDIA_NIGHT, refused('wrong-day')],
    [
      'the last moment of the campus’s day',
      'Asia/Kolkata',
      '2031-03-10',
      at('2031-03-10T18:29:59.999Z'),
      exit,
    ],
    [
      'midnight on the campus’s clock',
      'Asia/Kolkata',
      '2031-03-10',
      at('2031-03-10T18:30:00.000Z'),
      refused('expired'),
    ],
    // 22:00 on 10 March in New York (summer time, UTC−4), already 11 March in UTC.
    ['an evening behind UTC', 'America/New_York', '2031-03-10', at('2031-03-11T02:00:00.000Z'), exit],
  ];

  it.each(zoned)('%s (%s, unused pass for %s)', (_name, zone, d, now, outcome) => {
    expect(decideGateScan({ check: 'valid', claims: { d }, standing: 'unused', now, zone })).toEqual(outcome);
  });

  it('refuses a forged credential whatever else is known', () => {
    expect(decideGateScan({ check: 'forged' })).toEqual(refused('forged'));
  });

  it('lets the pass’s standing decide when no direction is given', () => {
    const scan = { check: 'valid', claims: { d: '2031-03-10' }, now: MORNING, zone: 'UTC' } as const;
    expect(decideGateScan({ ...scan, standing: 'unused' })).toEqual(exit);
    expect(decideGateScan({ ...scan, standing: 'out' })).toEqual(back);
  });
});

describe('a credential’s claims', () => {
  const claims = { sub: 'p1', rno: 21001, d: '2031-03-10', t: '09:00', r: null, exp: 1_930_867_200 };

  it('are read under their wire names, with or without a return time', () => {
    expect(GateCredentialClaimsSchema.parse(claims)).toEqual(claims);
    expect(GateCredentialClaimsSchema.parse({ ...claims, r: '12:00', iat: 1 })).toEqual({
      ...claims,
      r: '12:00',
    });
  });

  it.each([
    ['without a pass id', { ...claims, sub: undefined }],
    ['with a roll number as text', { ...claims, rno: '21001' }],
    ['without an expiry', { ...claims, exp: undefined }],
    ['without a return time', { sub: 'p1', rno: 21001, d: '2031-03-10', t: '09:00', exp: 1_930_867_200 }],
  ])('are refused %s', (_name, payload) => {
    expect(GateCredentialClaimsSchema.safeParse(payload).success).toBe(false);
  });

  it('name the campus’s zone, UTC when they do not (or name one this device does not know)', () => {
    expect(GateCredentialClaimsSchema.parse({ ...claims, z: 'Asia/Kolkata' }).z).toBe('Asia/Kolkata');
    expect(credentialZone({ z: 'Asia/Kolkata' })).toBe('Asia/Kolkata');
    expect(credentialZone({})).toBe('UTC');
    expect(credentialZone({ z: 'Mars/Olympus_Mons' })).toBe('UTC');
  });

  it('expire at their exp, to the second', () => {
    expect(credentialExpired({ exp: 1_930_867_200 }, 1_930_867_199_999)).toBe(false);
    expect(credentialExpired({ exp: 1_930_867_200 }, 1_930_867_200_000)).toBe(true);
  });
});
