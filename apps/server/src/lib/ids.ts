import { randomUUID } from 'node:crypto';

/**
 * A new row's id: a UUID of version 7 (RFC 9562), whose first 48 bits are the time in milliseconds
 * and whose other 74 are random. New rows' ids sort after each other, so an insert lands on the last
 * pages of its table's key index instead of on a random one of thousands: fewer pages written to
 * SQLite's WAL and PostgreSQL's, and fewer to read back in. The time of a row's creation is no
 * secret where its id is shown (its `createdAt` is shown beside it); a session's id, which signs
 * nobody in on its own but says when someone signed in, stays wholly random (`randomUUID`).
 */
export function newId(now = Date.now()): string {
  // Version 4's 122 random bits come from Node's pooled entropy; the first 48 become the time.
  const random = randomUUID();
  const ms = now.toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8)}-7${random.slice(15)}`;
}

export const nowIso = (): string => new Date().toISOString();
