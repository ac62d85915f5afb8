/**
 * A gate pass's credential and the gate's rule for a scan, the same on the server and on a gate device
 * checking offline (decision records 0031, 0079). The claims keep their short wire names, so that
 * credentials already handed out keep working.
 */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, campusToday, isTimeZone } from './campus-clock.js';
import type { GateDirection, GateRefusal } from './gate.js';

/** What a credential (an ES256 JWT) says of its pass. */
export const GateCredentialClaimsSchema = z.object({
  /** The pass's id. */
  sub: z.string(),
  /** The student's roll number. */
  rno: z.number(),
  /** The pass's day, YYYY-MM-DD. */
  d: z.string(),
  /** The time the student leaves, HH:MM. */
  t: z.string(),
  /** The time they are due back, HH:MM; null: by the end of the day. */
  r: z.string().nullable(),
  /** When the credential stops being valid (seconds since the epoch): the end of the pass's day. */
  exp: z.number(),
  /** The campus's time zone its day is read in, for a device checking offline; absent: UTC. */
  z: z.string().optional(),
});
export type GateCredentialClaims = z.infer<typeof GateCredentialClaimsSchema>;

/** The zone a credential's day is read in: the one it names, else UTC (the campus day before zones). */
export const credentialZone = (claims: Pick<GateCredentialClaims, 'z'>): string =>
  claims.z !== undefined && isTimeZone(claims.z) ? claims.z : DEFAULT_TIME_ZONE;

/**
 * How a credential checked out: signed by the gate's key and current, signed but its `exp` has passed
 * (it still names its pass: a student out past midnight comes back on it), or not ours at all.
 */
export type GateCredentialCheck = 'valid' | 'expired' | 'forged';

/** Whether a credential's `exp` has passed at `now` (ms), as a JWT library reads it. */
export const credentialExpired = (claims: Pick<GateCredentialClaims, 'exp'>, now: number): boolean =>
  claims.exp * 1000 <= now;

/**
 * What the gate knows of a pass, whatever its credential says: not approved, back (returned), out,
 * revoked by staff before anyone used it, or none of these (unused).
 */
export type GatePassStanding = 'not-approved' | 'back' | 'out' | 'revoked' | 'unused';

export type GateScanDecision =
  { outcome: 'allow-exit' } | { outcome: 'allow-return' } | { outcome: 'refused'; reason: GateRefusal };

/** A scan as the gate's rule reads it: a forged credential names nothing; else its pass's day and standing. */
export type GateScan =
  | { check: 'forged' }
  | {
      check: 'valid' | 'expired';
      /** The pass's day: the credential's `d` (for a typed code, the pass's own date). */
      claims: Pick<GateCredentialClaims, 'd'>;
      standing: GatePassStanding;
      /** The way the desk lets students through; `auto`: the pass's standing decides. */
      direction?: GateDirection;
      /** Milliseconds since the epoch. */
      now: number;
      /** The campus's time zone: the pass's day is compared with the campus's day at `now`. */
      zone: string;
    };

const refused = (reason: GateRefusal): GateScanDecision => ({ outcome: 'refused', reason });

/**
 * Whether the gate lets a scanned pass through, and which way. A pass whose day is over (or whose
 * credential expired) is refused for leaving, never for coming back.
 */
export function decideGateScan(scan: GateScan): GateScanDecision {
  if (scan.check === 'forged') return refused('forged');
  const { check, claims, standing, direction = 'auto', now, zone } = scan;
  if (standing === 'not-approved') return refused('not-approved');
  if (standing === 'back') return refused('already-back');
  if (standing === 'out') return direction === 'exit' ? refused('already-out') : { outcome: 'allow-return' };
  if (direction === 'return') return refused('not-out');
  if (standing === 'revoked') return refused('revoked');
  const today = campusToday(now, zone);
  if (check === 'expired' || claims.d < today) return refused('expired');
  if (claims.d > today) return refused('wrong-day');
  return { outcome: 'allow-exit' };
}
