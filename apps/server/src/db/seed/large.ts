/**
 * The large campus: 20,000 students in 100 groups of 200, 400 teachers, 100 school days of attendance
 * (2,000,000 marks), 50,000 queries, 20,000 gate passes and 2,000 notices, the same every time for the
 * same `today`. It exists to measure the portal at scale; every account signs in with the demo password.
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
import { DEMO_PASSWORD, isCampusEmpty, schoolDaysBefore } from './demo';
import * as data from './demo-data';

/** Bump when the rows change, so that cached copies of a seeded database are rebuilt. */
export const LARGE_SEED_VERSION = 3;

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

export const LARGE_CAMPUS = {
  groups: 100,
  studentsPerGroup: 200,
  teachersPerGroup: 4,
  schoolDays: 100,
  queries: 50_000,
  gatePasses: 20_000,
  generalNotices: 1_000,
  mentorNotices: 500,
  events: 500,
} as const;

const FIRST_ROLL_NO = 230001;
const FIRST_TEACHER_ID = 500001;
const ADMIN_ID = 900001;

export interface SeedProgress {
  /** The table being written. */
  phase: string;
  /** Rows written so far, over all tables. */
  done: number;
  /** Rows the whole seed writes. */
  total: number;
}

export interface LargeCampusOptions {
  /** 1 is the full campus; smaller values shrink groups, teachers, queries, gate passes and notices. */
  scale?: number;
  /** Dates and timestamps are counted back from this day (default: now). */
  today?: Date;
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
}

/** The sizes of a campus at a scale: students per group and school days never shrink. */
export function largeCampusSize(scale = 1) {
  if (!(scale > 0 && scale <= 1)) throw new Error('scale must be in (0, 1]');
  const groups = Math.max(2, Math.round(LARGE_CAMPUS.groups * scale));
  const students = groups * LARGE_CAMPUS.studentsPerGroup;
  const teachers = groups * LARGE_CAMPUS.teachersPerGroup;
  const at = (n: number) => Math.max(4, Math.round(n * scale));
  return {
    groups,
    students,
    teachers,
    schoolDays: LARGE_CAMPUS.schoolDays,
    attendance: students * LARGE_CAMPUS.schoolDays,
    queries: at(LARGE_CAMPUS.queries),
    gatePasses: at(LARGE_CAMPUS.gatePasses),
    generalNotices: at(LARGE_CAMPUS.generalNotices),
    mentorNotices: at(LARGE_CAMPUS.mentorNotices),
    events: at(LARGE_CAMPUS.events),
  };
}

const DEPARTMENTS = ['CSE', 'ECE', 'EEE', 'ME', 'CE', 'IT', 'CHE', 'BT', 'AE', 'MME'];
const SECTIONS = 'ABCDEFGHIJ';
/** CSE-A … CSE-J, ECE-A … MME-J; past 100 groups a number is added. */
export function largeGroupName(index: number): string {
  const base = `${DEPARTMENTS[Math.floor(index / 10) % 10]}-${SECTIONS[index % 10]}`;
  return index < 100 ? base : `${base}${Math.floor(index / 100) + 1}`;
}

/** The roll numbers of a group's students: 200 consecutive numbers from 230001. */
export function largeGroupRollNos(group: number): number[] {
  const first = FIRST_ROLL_NO + group * LARGE_CAMPUS.studentsPerGroup;
  return Array.from({ length: LARGE_CAMPUS.studentsPerGroup }, (_, i) => first + i);
}

/** Sign-in ids of the large campus: student `i` is 230001 + i, teacher `t` 500001 + t, the admin 900001. */
export const LARGE_LOGIN = {
  firstRollNo: FIRST_ROLL_NO,
  firstTeacherId: FIRST_TEACHER_ID,
  adminId: ADMIN_ID,
};

/** mulberry32: a small seeded generator, so every large campus is the same. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    between: (min: number, max: number, decimals: number) =>
      Number((min + next() * (max - min)).toFixed(decimals)),
  };
}

const uuid = (n: number, kind: number) =>
  `00000000-0000-4000-9${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/^(dr|prof)\.\s*/, '')
    .replace(/\W+/g, '.');
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Reads a numeric SQLite pragma of the connection Kysely uses. */
async function pragma(db: Db, name: string): Promise<number> {
  const { rows } = await sql<Record<string, number>>`pragma ${sql.raw(name)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0]);
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
  const today = options.today ?? new Date();
  const days = schoolDaysBefore(today, size.schoolDays);
  const at = (daysAgo: number, minutes = 0) =>
    new Date(today.getTime() - daysAgo * 86_400_000 - minutes * 60_000).toISOString();
  const stamp = at(size.schoolDays * 2);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const counts: LargeCampusCounts = {
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
  };
  // Tags and mentor pairs are counted as they are made; the estimate only drives the progress bar.
  const total =
    counts.accounts * 2 +
    counts.teachers * 2 +
    counts.performance +
    counts.attendance +
    counts.queries * 3 +
    counts.gatePasses +
    counts.mentorNotices +
    counts.events +
    counts.notices;
  let done = 0;
  let phase = 'accounts';
  let lastReport = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!options.onProgress || (!force && now - lastReport < 100)) return;
    lastReport = now;
    options.onProgress({ phase, done: Math.min(done, total), total });
  };
  const advance = (rows: number) => {
    done += rows;
    report();
  };

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
      const writer = (table: string, columns: string[]) => {
        phase = table;
        report(true);
        return BatchWriter.open(trx, dialect, table, columns, advance, { maxRows: options.batchRows });
      };
      const rnd = random(20260902);

      // People. Student i is in group floor(i / 200); teacher t mentors group t % groups and one more.
      const groupOfStudent = (i: number) => Math.floor(i / LARGE_CAMPUS.studentsPerGroup);
      const studentAccount = (i: number) => uuid(FIRST_ROLL_NO + i, 1);
      const teacherAccount = (t: number) => uuid(FIRST_TEACHER_ID + t, 2);
      const adminAccount = uuid(ADMIN_ID, 3);

      let w = await writer('accounts', ['id', 'login_id', 'role', 'password_hash', 'created_at']);
      for (let i = 0; i < size.students; i++) {
        await w.add(studentAccount(i), FIRST_ROLL_NO + i, 'student', passwordHash, stamp);
      }
      for (let t = 0; t < size.teachers; t++) {
        await w.add(teacherAccount(t), FIRST_TEACHER_ID + t, 'teacher', passwordHash, stamp);
      }
      await w.add(adminAccount, ADMIN_ID, 'admin', passwordHash, stamp);
      await w.flush();

      w = await writer('students', [
        'account_id',
        'roll_no',
        'name',
        'father_name',
        'mother_name',
        'gender',
        'dob',
        'category',
        'phone_no',
        'email',
        'group_name',
      ]);
      for (let i = 0; i < size.students; i++) {
        const rollNo = FIRST_ROLL_NO + i;
        const first = rnd.pick(data.FIRST_NAMES);
        const last = rnd.pick(data.LAST_NAMES);
        await w.add(
          studentAccount(i),
          rollNo,
          `${first} ${last}`,
          `${rnd.pick(data.FATHER_FIRST)} ${last}`,
          `${rnd.pick(data.MOTHER_FIRST)} ${last}`,
          rnd.next() < 0.5 ? 'Male' : 'Female',
          `200${4 + rnd.int(3)}-${pad2(1 + rnd.int(12))}-${pad2(1 + rnd.int(28))}`,
          rnd.pick(data.CATEGORIES),
          `98${String(10_000_000 + rnd.int(89_999_999))}`,
          `${slug(first)}.${slug(last)}.${rollNo}@campus.example.edu`,
          largeGroupName(groupOfStudent(i)),
        );
      }
      await w.flush();

      const teacherNames: string[] = [];
      const teacherEmails: string[] = [];
      w = await writer('teachers', [
        'account_id',
        'teacher_id',
        'name',
        'gender',
        'dob',
        'phone_no',
        'email',
      ]);
      for (let t = 0; t < size.teachers; t++) {
        const teacherId = FIRST_TEACHER_ID + t;
        const last = rnd.pick(data.LAST_NAMES);
        const name = `${rnd.next() < 0.5 ? 'Dr.' : 'Prof.'} ${rnd.pick(data.FIRST_NAMES)} ${last}`;
        const email = `${slug(name)}.${teacherId}@campus.example.edu`;
        teacherNames.push(name);
        teacherEmails.push(email);
        await w.add(
          teacherAccount(t),
          teacherId,
          name,
          rnd.next() < 0.5 ? 'Male' : 'Female',
          `19${65 + rnd.int(30)}-${pad2(1 + rnd.int(12))}-${pad2(1 + rnd.int(28))}`,
          `97${String(10_000_000 + rnd.int(89_999_999))}`,
          email,
        );
      }
      await w.flush();

      w = await writer('groups', ['name', 'created_at']);
      for (let g = 0; g < size.groups; g++) await w.add(largeGroupName(g), stamp);
      await w.flush();

      w = await writer('teacher_groups', ['teacher_account_id', 'group_name']);
      for (let t = 0; t < size.teachers; t++) {
        const primary = t % size.groups;
        const second = (primary + 1 + Math.floor(t / size.groups)) % size.groups;
        await w.add(teacherAccount(t), largeGroupName(primary));
        counts.teacherGroups++;
        if (second !== primary) {
          await w.add(teacherAccount(t), largeGroupName(second));
          counts.teacherGroups++;
        }
      }
      await w.flush();

      w = await writer('admins', ['account_id', 'admin_id', 'name', 'email']);
      await w.add(adminAccount, ADMIN_ID, data.ADMIN.name, data.ADMIN.email);
      await w.flush();

      w = await writer('performance', [
        'roll_no',
        'tenth_percent',
        'twelfth_percent',
        'sem1_sgpa',
        'sem2_sgpa',
        'sem3_sgpa',
        'sem4_sgpa',
        'cgpa',
      ]);
      for (let i = 0; i < size.students; i++) {
        const sems = [0, 1, 2, 3].map(() => rnd.between(5.5, 9.9, 2));
        const cgpa = Number((sems.reduce((a, b) => a + b, 0) / 4).toFixed(2));
        await w.add(
          FIRST_ROLL_NO + i,
          rnd.between(60, 99, 1),
          rnd.between(55, 98, 1),
          sems[0]!,
          sems[1]!,
          sems[2]!,
          sems[3]!,
          cgpa,
        );
      }
      await w.flush();

      // Attendance, student by student (the primary key's order), marked by the group's first mentor.
      w = await writer('attendance', ['roll_no', 'date', 'status', 'marked_by', 'marked_at']);
      const markedAt = days.map((date) => `${date}T09:15:00.000Z`);
      for (let i = 0; i < size.students; i++) {
        const presence = 0.6 + ((i * 7) % 40) / 100;
        const markedBy = teacherAccount(groupOfStudent(i));
        for (let d = 0; d < days.length; d++) {
          await w.add(
            FIRST_ROLL_NO + i,
            days[d]!,
            rnd.next() < presence ? 'Present' : 'Absent',
            markedBy,
            markedAt[d]!,
          );
        }
      }
      await w.flush();

      // Notices of the three kinds, spread over the school days, newest a few minutes ago.
      const noticeMinutes = (i: number, count: number) =>
        Math.floor(((count - i) * size.schoolDays * 24 * 60) / count) + 7;
      w = await writer('notices', [
        'id',
        'author_id',
        'heading',
        'contact_email',
        'description',
        'created_at',
        'starts_at',
        'notified_at',
      ]);
      for (let i = 0; i < size.generalNotices; i++) {
        const n = data.GENERAL_NOTICES[i % data.GENERAL_NOTICES.length]!;
        await w.add(
          uuid(i + 1, 6),
          teacherAccount(rnd.int(size.teachers)),
          `${n.heading} (${i + 1})`,
          'office@campus.example.edu',
          n.description,
          at(0, noticeMinutes(i, size.generalNotices)),
          at(0, noticeMinutes(i, size.generalNotices)),
          at(0, noticeMinutes(i, size.generalNotices)),
        );
      }
      await w.flush();

      w = await writer('mentor_notices', [
        'id',
        'author_id',
        'teacher_name',
        'email',
        'heading',
        'description',
        'created_at',
        'starts_at',
        'notified_at',
      ]);
      for (let i = 0; i < size.mentorNotices; i++) {
        const n = data.MENTOR_NOTICES[i % data.MENTOR_NOTICES.length]!;
        const t = rnd.int(size.teachers);
        await w.add(
          uuid(i + 1, 4),
          teacherAccount(t),
          teacherNames[t]!,
          teacherEmails[t]!,
          `${n.heading} (${i + 1})`,
          n.description,
          at(0, noticeMinutes(i, size.mentorNotices)),
          at(0, noticeMinutes(i, size.mentorNotices)),
          at(0, noticeMinutes(i, size.mentorNotices)),
        );
      }
      await w.flush();

      w = await writer('events', [
        'id',
        'author_id',
        'event_name',
        'host_by',
        'contact_email',
        'date',
        'time',
        'description',
        'created_at',
        'starts_at',
        'notified_at',
      ]);
      for (let i = 0; i < size.events; i++) {
        const e = data.EVENTS[i % data.EVENTS.length]!;
        await w.add(
          uuid(i + 1, 5),
          teacherAccount(rnd.int(size.teachers)),
          `${e.eventName} ${i + 1}`,
          e.hostBy,
          'events@campus.example.edu',
          new Date(today.getTime() + (1 + (i % 120)) * 86_400_000).toISOString().slice(0, 10),
          e.time,
          e.description,
          at(0, noticeMinutes(i, size.events)),
          at(0, noticeMinutes(i, size.events)),
          at(0, noticeMinutes(i, size.events)),
        );
      }
      await w.flush();

      w = await writer('syllabus', ['id', 'course_name', 'semester', 'topics', 'created_by', 'created_at']);
      for (const [i, c] of data.COURSES.entries()) {
        await w.add(
          uuid(i + 1, 7),
          c.courseName,
          c.semester,
          JSON.stringify(c.topics),
          teacherAccount(i),
          stamp,
        );
      }
      await w.flush();

      w = await writer('faq', ['id', 'position', 'question', 'answer']);
      for (const [i, f] of data.FAQ.entries()) await w.add(uuid(i + 1, 11), i + 1, f.question, f.answer);
      await w.flush();

      // Gate passes: one per student for the first 20,000; 30 % still pending.
      w = await writer('gate_passes', [
        'id',
        'roll_no',
        'contact',
        'date',
        'time',
        'reason',
        'status',
        'created_at',
        'decided_by',
        'decided_at',
      ]);
      for (let i = 0; i < size.gatePasses; i++) {
        const student = i % size.students;
        const roll = rnd.next();
        const status = roll < 0.3 ? 'pending' : roll < 0.8 ? 'approved' : 'rejected';
        const daysAgo = rnd.int(size.schoolDays);
        const decider = teacherAccount(groupOfStudent(student));
        await w.add(
          uuid(i + 1, 8),
          FIRST_ROLL_NO + student,
          `98${String(10_000_000 + rnd.int(89_999_999))}`,
          new Date(today.getTime() - (daysAgo - 2) * 86_400_000).toISOString().slice(0, 10),
          `${pad2(9 + rnd.int(8))}:${rnd.next() < 0.5 ? '00' : '30'}`,
          rnd.pick(data.GATE_PASS_REASONS),
          status,
          at(daysAgo, rnd.int(600)),
          status === 'pending' ? null : decider,
          status === 'pending' ? null : at(daysAgo, -30),
        );
      }
      await w.flush();

      // Queries: 40 % unsolved, asked over the school days; one to three tags each.
      w = await writer('queries', [
        'id',
        'roll_no',
        'topic',
        'description',
        'solution',
        'solved_by',
        'solved_at',
        'likes',
        'created_at',
      ]);
      const tags = await BatchWriter.open(
        trx,
        dialect,
        'query_tags',
        ['query_id', 'position', 'tag'],
        advance,
        {
          parent: w,
          maxRows: options.batchRows,
        },
      );
      const tagPool = [...new Set(data.QUERIES.flatMap((q) => q.tags))];
      for (let i = 0; i < size.queries; i++) {
        const q = data.QUERIES[i % data.QUERIES.length]!;
        const id = uuid(i + 1, 9);
        const student = rnd.int(size.students);
        const minutesAgo = Math.floor(((size.queries - i) * size.schoolDays * 24 * 60) / size.queries) + 3;
        const solved = rnd.next() >= 0.4;
        const solution =
          q.solution ?? 'Please see your mentor during office hours; they will walk you through it.';
        await w.add(
          id,
          FIRST_ROLL_NO + student,
          `${q.topic} #${i + 1}`,
          q.description,
          solved ? solution : null,
          solved ? teacherAccount(rnd.int(size.teachers)) : null,
          solved ? at(0, Math.max(1, minutesAgo - 60)) : null,
          0,
          at(0, minutesAgo),
        );
        const tagCount = 1 + rnd.int(3);
        const first = rnd.int(tagPool.length);
        for (let p = 0; p < tagCount; p++) {
          await tags.add(id, p, tagPool[(first + p) % tagPool.length]!);
          counts.queryTags++;
        }
      }
      await w.flush();
      phase = 'query_tags';
      await tags.flush();
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
  done = total;
  phase = 'done';
  report(true);
  return counts;
}
