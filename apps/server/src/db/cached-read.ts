/**
 * What a cached read is: its key and the tables it is read from (decision record 0080). Each feature
 * declares its reads once, in its cache-keys.ts, with `cachedRead`.
 */
import type { AccountRows, StudentRows, WatchedRows } from './changes';
import type { Database } from './schema';

/** The tables of the data model, as SQL names them. */
export type Table = Extract<keyof Database, string>;

/**
 * The tables a cached read may be read from. On PostgreSQL only these tell other instances of their
 * changes, and only writes to them wait for every instance to have heard (migration 0005, decision
 * record 0009); caching a read of another table needs a migration that gives it the triggers first.
 */
export const CACHED_TABLES = [
  'accounts',
  'attendance',
  'campus_settings',
  'course_totals',
  'courses',
  'events',
  'gate_passes',
  'holidays',
  'leave_applications',
  'lecture_marks',
  'mentor_notices',
  'notice_audience_groups',
  'notifications',
  'notices',
  'performance',
  'periods',
  'push_subscriptions',
  'queries',
  'query_likes',
  'query_tags',
  'sessions',
  'students',
  'teacher_groups',
  'teachers',
  'teachings',
] as const satisfies readonly Table[];
export type CachedTable = (typeof CACHED_TABLES)[number];
/**
 * What a cached read names: a table, one student's rows of a student table (`rowsOf`), or a table's
 * existing rows, which no row added to it changes (`existingRowsOf`).
 */
export type CachedSource = CachedTable | StudentRows | AccountRows | WatchedRows | `${CachedTable}!`;

declare const fromFactory: unique symbol;

/**
 * A read kept in memory: the key its answer is kept under, and what it is read from (`sources`).
 * Each is declared once, by a key factory in its feature's cache-keys.ts (`cachedRead`), and the
 * cache's every use of the answer (`get`, `read`, `kept`, `keepWritten`, `keepChanged`) takes it
 * whole, so a key is never paired with the wrong sources. Decision record 0080.
 */
export interface CachedRead {
  readonly key: string;
  readonly sources: readonly CachedSource[];
  readonly [fromFactory]: true;
}

/** Part of a cached read's key: its name, then each value its answer depends on (undefined: empty). */
export type KeyPart = string | number | boolean | undefined;

/** A cached read whose key is its parts joined by `:`, read from `sources`. */
export const cachedRead = (parts: readonly KeyPart[], sources: readonly CachedSource[]): CachedRead =>
  ({ key: parts.join(':'), sources }) as CachedRead;
