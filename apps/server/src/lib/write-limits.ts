/**
 * How many writes an account (or, on the open support form, a client) may make per hour, and how a
 * refusal reads. The counting itself is plugins/write-limits.ts.
 */

/** The allowances a route can be counted under; any other signed-in write counts under `other`. */
export type WriteLimitName = 'queries' | 'gatePasses' | 'leave' | 'gate' | 'support' | 'other';

/** Writes allowed per hour under each allowance. */
export type WriteLimits = Record<WriteLimitName, number>;

export const WRITE_LIMIT_WINDOW_MS = 3_600_000;

export const DEFAULT_WRITE_LIMITS: WriteLimits = {
  queries: 10,
  gatePasses: 5,
  leave: 5,
  // A busy gate: one scan, exit or return a second from one desk for an hour.
  gate: 3600,
  // Generous: a teacher marking every group, posting notices and answering queries never reaches it.
  other: 600,
  support: 10,
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the refusal says was limited, before "Try again in …". */
export function limitText(name: WriteLimitName, limit: number): string {
  switch (name) {
    case 'queries':
      return `You can submit ${plural(limit, 'query', 'queries')} an hour.`;
    case 'gatePasses':
      return `You can apply for ${plural(limit, 'gate pass', 'gate passes')} an hour.`;
    case 'leave':
      return `You can apply for leave ${plural(limit, 'time', 'times')} an hour.`;
    case 'gate':
      return `This desk can record ${plural(limit, 'scan or move', 'scans and moves')} an hour.`;
    case 'support':
      return `Your network can send ${plural(limit, 'support message', 'support messages')} an hour.`;
    case 'other':
      return `You can make ${plural(limit, 'change', 'changes')} an hour.`;
  }
}
