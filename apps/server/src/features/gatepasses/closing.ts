/**
 * A pending gate pass whose day has passed closes itself (decision record 0067). The pending lists
 * never show one (they keep passes of today and later); the first read of a list of passes or of the
 * dashboard on a new day closes every one due, in one sweep, and the hourly maintenance sweeps too,
 * for passes applied for a past day since.
 */
import type { Db, Dialect } from '../../db/index';
import { gatePassRepository } from './repository';

/** The day each database was last swept for, and that sweep. */
const swept = new WeakMap<Db, { day: string; done: Promise<number> }>();

/** Closes the passes due before `day`, the campus's day now (the caller has read its clock). */
export function pastPassCloser(db: Db, dialect: Dialect, now: () => number, zone: () => Promise<string>) {
  const passes = gatePassRepository(db, dialect, now, zone);
  return async (day: string): Promise<void> => {
    const last = swept.get(db);
    if (last?.day === day) {
      await last.done;
      return;
    }
    const done = passes.closePast(day);
    swept.set(db, { day, done });
    // A sweep that failed is tried again by the next read.
    await done.catch((err: unknown) => {
      if (swept.get(db)?.done === done) swept.delete(db);
      throw err;
    });
  };
}
