/**
 * Gate passes: all the SQL of the domain, composed of its reads (reads.ts: the lists and one pass)
 * and its writes (writes.ts: applying, deciding and closing).
 */
import type { Db, Dialect } from '../../db/index';
import { passReads } from './reads';
import { passWrites } from './writes';

export type { GatePassFilter, ListView } from './reads';
export type { DecisionOutcome, NewGatePass } from './writes';

/** `zone`: the campus's time zone, whose day a pass's date is. */
export function gatePassRepository(db: Db, dialect: Dialect, now: () => number, zone: () => Promise<string>) {
  const reads = passReads(db, now, zone);
  const { findById, list, listForStaff } = reads;
  return { findById, list, listForStaff, ...passWrites(db, dialect, reads) };
}

export type GatePassRepository = ReturnType<typeof gatePassRepository>;
