import { describe, expect, it } from 'vitest';
import {
  GateCredentialClaimsSchema,
  credentialExpired,
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
    // The campus day is the UTC day, whatever the clock of the place the scan happens.
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
      expect(decideGateScan({ check, claims: { d }, standing, direction, now })).toEqual(outcome);
    },
  );

  it('refuses a forged credential whatever else is known', () => {
    expect(decideGateScan({ check: 'forged' })).toEqual(refused('forged'));
  });

  it('lets the pass’s standing decide when no direction is given', () => {
    const scan = { check: 'valid', claims: { d: '2031-03-10' }, now: MORNING } as const;
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

  it('expire at their exp, to the second', () => {
    expect(credentialExpired({ exp: 1_930_867_200 }, 1_930_867_199_999)).toBe(false);
    expect(credentialExpired({ exp: 1_930_867_200 }, 1_930_867_200_000)).toBe(true);
  });
});
