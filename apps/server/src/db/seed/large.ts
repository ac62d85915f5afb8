/**
 * The large campus: 20,000 students in 100 groups of 200 (up to 100,000 at scale 5), 400 teachers,
 * 100 school days of attendance (2,000,000 marks), 50,000 queries, 20,000 gate passes, 2,000 notices,
 * a timetable of 3,000 weekly periods and the lecture marks of its last weeks, the same every time for
 * the same `today`. It exists to measure the portal at scale; every account signs in with the demo
 * password.
 *
 * Rows go in through big statements of thousands of rows each (multi-row VALUES on SQLite, one array
 * per column and `unnest` on PostgreSQL), inside one transaction. Foreign keys are not checked row by
 * row during the seed (the rows are consistent by construction, and the test checks every reference):
 * SQLite runs it with `foreign_keys = OFF`, `synchronous = OFF` and a large page cache, restored
 * after; PostgreSQL with `session_replication_role = replica` when the user is a superuser, which
 * skips every trigger: the tables triggers keep are counted at the end instead.
 */
import { sql } from 'kysely';
import { hashPassword } from '../../lib/passwords';
import { BatchWriter } from '../bulk-insert';
import type { Db, Dialect } from '../index';
import { DEMO_PASSWORD, isCampusEmpty } from './demo';
import * as data from './demo-data';
import { random, type Random } from './generate';
import {
  seedAttendance,
  seedGatePasses,
  seedNotices,
  seedQueries,
  seedSyllabusAndFaq,
} from './large-activity';
import { seedPeople } from './large-people';
import { LARGE_CAMPUS, largeCampusSize, type LargeCampusSize } from './large-size';
import { largeTimetableCounts, seedTimetable } from './large-timetable';

export { LARGE_CAMPUS, LARGE_LOGIN, largeCampusSize, largeGroupName, largeGroupRollNos } from './large-size';

/** Bump when the rows change, so that cached copies of a seeded database are rebuilt. */
export const LARGE_SEED_VERSION = 4;

/**
 * The tables triggers keep from others' rows (the boards' counts, migration 0025; each student's
 * attendance totals, migration 0030; the audit log's counts, migration 0035), counted from those
 * rows: a seed run as the replica role skips every trigger.
 */
async function recountKeptTables(db: Db): Promise<void> {
  await db.deleteFrom('audit_log_counts').execute();
  await sql`
    insert into audit_log_counts (kind, shard, total)
    select kind, 0, count(*) from audit_log group by kind`.execute(db);
  await sql`
    update query_board_counts c set total = (
      select count(*) from queries q
      where q.hidden_at is null and (case when q.solved_at is null then 0 else 1 end) = c.solved
    )`.execute(db);
  await sql`
    insert into attendance_totals (roll_no, days_marked, days_present)
    select roll_no, count(*), sum(case when status = 'Present' then 1 else 0 end) from attendance
    group by roll_no
    on conflict (roll_no) do update
    set days_marked = excluded.days_marked, days_present = excluded.days_present`.execute(db);
}

export interface SeedProgress {
  /** The table being written. */
  phase: string;
  /** Rows written so far, over all tables. */
  done: number;
  /** Rows the whole seed writes. */
  total: number;
}

export interface LargeCampusOptions {
  /** 1 is the full campus; other values (up to 5) scale groups, teachers, queries, gate passes and notices. */
  scale?: number;
  /** Dates and timestamps are counted back from this day (default: now). */
  today?: Date;
  /** Weeks of lecture marks back from today, the term's first week at most (default 2). */
  lectureWeeks?: number;
  onProgress?: (progress: SeedProgress) => void;
  /** At most this many rows a statement (tests use small batches to cross batch boundaries). */
  batchRows?: number;
}

export interface LargeCampusCounts {
  accounts: number;
  students: number;
  teachers: number;
  teacherGroups: number;
  groups: number;
  performance: number;
  attendance: number;
  queries: number;
  queryTags: number;
  gatePasses: number;
  mentorNotices: number;
  events: number;
  notices: number;
  syllabus: number;
  faq: number;
  courses: number;
  teachings: number;
  periods: number;
  holidays: number;
  lectureMarks: number;
  courseTotals: number;
}

/** What each part of the seed writes with, inside the seed's transaction. */
export interface LargeSeed {
  size: LargeCampusSize;
  today: Date;
  /** When the campus's people were created. */
  stamp: string;
  passwordHash: string;
  rnd: Random;
  counts: LargeCampusCounts;
  /** The instant `daysAgo` days and `minutes` minutes before `today`, as ISO text. */
  at: (daysAgo: number, minutes?: number) => string;
  /** A writer of `table`; unless `quiet`, the progress names the table from now on. */
  writer: (
    table: string,
    columns: string[],
    options?: { parent?: BatchWriter; quiet?: boolean },
  ) => Promise<BatchWriter>;
  /** Names the table the progress reports. */
  phase: (table: string) => void;
}

/** Reads a numeric SQLite pragma of the connection Kysely uses. */
async function pragma(db: Db, name: string): Promise<number> {
  const { rows } = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0]);
}

function countsOf(size: LargeCampusSize, today: Date, lectureWeeks: number): LargeCampusCounts {
  return {
    accounts: size.students + size.teachers + 1,
    students: size.students,
    teachers: size.teachers,
    teacherGroups: 0,
    groups: size.groups,
    performance: size.students,
    attendance: size.attendance,
    queries: size.queries,
    queryTags: 0,
    gatePasses: size.gatePasses,
    mentorNotices: size.mentorNotices,
    events: size.events,
    notices: size.generalNotices,
    syllabus: data.COURSES.length,
    faq: data.FAQ.length,
    ...largeTimetableCounts(size, today, lectureWeeks),
  };
}

/** The rows the progress bar expects: tags and mentor pairs are estimated, they are counted as made. */
const expectedRows = (c: LargeCampusCounts) =>
  c.accounts * 2 +
  c.teachers * 2 +
  c.performance +
  c.attendance +
  c.queries * 3 +
  c.gatePasses +
  c.mentorNotices +
  c.events +
  c.notices +
  c.teachings * 7 +
  c.lectureMarks +
  c.courseTotals;

/** Reports the progress at most ten times a second. */
function progressOf(total: number, onProgress: LargeCampusOptions['onProgress']) {
  let done = 0;
  let phase = 'accounts';
  let lastReport = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!onProgress || (!force && now - lastReport < 100)) return;
    lastReport = now;
    onProgress({ phase, done: Math.min(done, total), total });
  };
  return {
    advance: (rows: number) => {
      done += rows;
      report();
    },
    phase: (table: string) => {
      phase = table;
      report(true);
    },
    end: () => {
      done = total;
      phase = 'done';
      report(true);
    },
  };
}

/**
 * Creates the large campus in an empty, migrated database and answers what it wrote. Throws when
 * the database already has accounts.
 */
export async function seedLargeCampus(
  db: Db,
  dialect: Dialect,
  options: LargeCampusOptions = {},
): Promise<LargeCampusCounts> {
  if (!(await isCampusEmpty(db))) throw new Error('The database already has a campus; seed an empty one');
  const size = largeCampusSize(options.scale ?? 1);
  const lectureWeeks = options.lectureWeeks ?? LARGE_CAMPUS.lectureWeeks;
  if (!(Number.isInteger(lectureWeeks) && lectureWeeks >= 0)) {
    throw new Error('lectureWeeks must be a whole number of weeks');
  }
  const today = options.today ?? new Date();
  const at = (daysAgo: number, minutes = 0) =>
    new Date(today.getTime() - daysAgo * 86_400_000 - minutes * 60_000).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = countsOf(size, today, lectureWeeks);
  const progress = progressOf(expectedRows(counts), options.onProgress);

  const sqliteBefore =
    dialect === 'sqlite'
      ? {
          synchronous: await pragma(db, 'synchronous'),
          cacheSize: await pragma(db, 'cache_size'),
          foreignKeys: await pragma(db, 'foreign_keys'),
        }
      : undefined;
  if (sqliteBefore) {
    // Outside the transaction: foreign_keys cannot change inside one.
    await sql`pragma synchronous = off`.execute(db);
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`pragma foreign_keys = off`.execute(db);
  }

  try {
    await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        await sql`set local synchronous_commit = off`.execute(trx);
        // A superuser may skip the per-row foreign-key triggers for this transaction (the test checks
        // every reference); anyone else seeds with them, only slower.
        const { rows } = await sql<{ on: string }>`select current_setting('is_superuser') as on`.execute(trx);
        if (rows[0]?.on === 'on') await sql`set local session_replication_role = replica`.execute(trx);
      }
      const seed: LargeSeed = {
        size,
        today,
        stamp: at(size.schoolDays * 2),
        passwordHash,
        rnd: random(20260902),
        counts,
        at,
        phase: progress.phase,
        writer: async (table, columns, { parent, quiet } = {}) => {
          if (!quiet) progress.phase(table);
          return BatchWriter.open(trx, dialect, table, columns, progress.advance, {
            parent,
            maxRows: options.batchRows,
          });
        },
      };
      const teachers = await seedPeople(seed);
      await seedAttendance(seed);
      await seedNotices(seed, teachers);
      await seedSyllabusAndFaq(seed);
      await seedGatePasses(seed);
      await seedQueries(seed);
      await seedTimetable(seed, lectureWeeks);
      // Without triggers (the replica role), the tables they keep are counted here, once.
      if (dialect === 'postgres') await recountKeptTables(trx);
    });
  } finally {
    if (sqliteBefore) {
      await sql`pragma synchronous = ${sql.raw(String(sqliteBefore.synchronous))}`.execute(db);
      await sql`pragma cache_size = ${sql.raw(String(sqliteBefore.cacheSize))}`.execute(db);
      await sql`pragma foreign_keys = ${sql.raw(sqliteBefore.foreignKeys ? 'on' : 'off')}`.execute(db);
    }
  }
  if (dialect === 'postgres') {
    // What autovacuum does after a bulk load (an insert-only table is vacuumed too, since
    // PostgreSQL 13): planner statistics, and the visibility map that lets a count or a page be
    // read from an index alone. Without it the unsolved board's count reads the table: 12 ms, not 2.
    await sql`vacuum analyze`.execute(db);
  }
  progress.end();
  return counts;
}
