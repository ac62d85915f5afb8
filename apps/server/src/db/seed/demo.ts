/** The demo campus: deterministic people, notices, courses, a timetable and activity for a first start. */
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db, Dialect } from '../index';
import type { Database } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { BatchWriter, type Value } from '../bulk-insert';
import * as data from './demo-data';
import { demoTimetable } from './demo-timetable';
import { MARK_COLUMNS, TOTALS_COLUMNS } from './lecture-marks';
import { random, seedId, slug } from './generate';

export const DEMO_PASSWORD = 'campus123';
/** The campus setting the demo seeder writes, and nothing else does. */
export const DEMO_MARKER = 'demo_campus';

/** Whether the demo seeder created this campus. */
export async function isDemoCampus(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('campus_settings')
    .select('value')
    .where('key', '=', DEMO_MARKER)
    .executeTakeFirst();
  return row?.value === 'yes';
}
const STUDENTS_PER_GROUP = 20;
const SCHOOL_DAYS = 30;
const FIRST_ROLL_NO = 230001;
/** The advisory lock key under which one PostgreSQL instance seeds. */
const SEED_LOCK = 73_202_601;

/** Students 230001 and 230002 share a group, 230003 is in another; each group has 20. */
function groupOf(index: number): string {
  const [a, b, c] = data.GROUPS as [string, string, string];
  if (index < 2) return a;
  if (index === 2) return b;
  if (index < STUDENTS_PER_GROUP + 1) return a;
  if (index < 2 * STUDENTS_PER_GROUP) return b;
  return c;
}

/** The last `count` weekdays before `today`, oldest first, as YYYY-MM-DD. */
export function schoolDaysBefore(today: Date, count: number): string[] {
  const days: string[] = [];
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  while (days.length < count) {
    day.setUTCDate(day.getUTCDate() - 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.unshift(day.toISOString().slice(0, 10));
  }
  return days;
}

const uuid = (n: number, kind: number) => seedId(8, kind, n);

async function insertAll<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** Many rows of few columns in a few big statements. */
async function insertRows(db: Db, dialect: Dialect, table: string, columns: string[], rows: Value[][]) {
  const writer = await BatchWriter.open(db, dialect, table, columns, () => undefined);
  for (const row of rows) await writer.add(...row);
  await writer.flush();
}

export async function isCampusEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Creates the demo campus unless the database already has accounts. Several servers starting at
 * once on one PostgreSQL database agree through an advisory lock: exactly one of them seeds.
 * Answers whether this call seeded.
 */
export async function seedDemoCampus(db: Db, dialect: Dialect, today = new Date()): Promise<boolean> {
  if (!(await isCampusEmpty(db))) return false;
  const rnd = random(20260901);
  const createdAt = (daysAgo: number, minutes = 0) =>
    new Date(today.getTime() - daysAgo * 86_400_000 - minutes * 60_000).toISOString();
  const stamp = createdAt(60);

  const studentCount = data.GROUPS.length * STUDENTS_PER_GROUP;
  const hashes = await Promise.all(
    Array.from({ length: studentCount + data.TEACHERS.length + 1 }, () => hashPassword(DEMO_PASSWORD)),
  );

  const accounts: Insertable<Database['accounts']>[] = [];
  const students: Insertable<Database['students']>[] = [];
  for (let i = 0; i < studentCount; i++) {
    const first = rnd.pick(data.FIRST_NAMES);
    const last = rnd.pick(data.LAST_NAMES);
    const rollNo = FIRST_ROLL_NO + i;
    const accountId = uuid(rollNo, 1);
    accounts.push({
      id: accountId,
      login_id: rollNo,
      role: 'student',
      password_hash: hashes[i]!,
      created_at: stamp,
    });
    students.push({
      account_id: accountId,
      roll_no: rollNo,
      name: `${first} ${last}`,
      father_name: `${rnd.pick(data.FATHER_FIRST)} ${last}`,
      mother_name: `${rnd.pick(data.MOTHER_FIRST)} ${last}`,
      gender: rnd.next() < 0.5 ? 'Male' : 'Female',
      dob: `200${4 + Math.floor(rnd.next() * 3)}-${String(1 + Math.floor(rnd.next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd.next() * 28)).padStart(2, '0')}`,
      category: rnd.pick(data.CATEGORIES),
      phone_no: `98${String(10_000_000 + Math.floor(rnd.next() * 89_999_999))}`,
      email: `${slug(first)}.${slug(last)}.${rollNo}@campus.example.edu`,
      group_name: groupOf(i),
    });
  }

  const teachers: Insertable<Database['teachers']>[] = [];
  const teacherGroups: Insertable<Database['teacher_groups']>[] = [];
  data.TEACHERS.forEach((t, i) => {
    const accountId = uuid(t.teacherId, 2);
    accounts.push({
      id: accountId,
      login_id: t.teacherId,
      role: 'teacher',
      password_hash: hashes[studentCount + i]!,
      created_at: stamp,
    });
    teachers.push({
      account_id: accountId,
      teacher_id: t.teacherId,
      name: t.name,
      gender: t.gender,
      dob: `19${75 + i * 2}-0${1 + i}-1${i}`,
      phone_no: `97${String(40_000_000 + i * 1_234_567)}`,
      email: `${slug(t.name)}@campus.example.edu`,
    });
    teacherGroups.push({ teacher_account_id: accountId, group_name: t.group });
  });
  const adminAccount = uuid(data.ADMIN.adminId, 3);
  accounts.push({
    id: adminAccount,
    login_id: data.ADMIN.adminId,
    role: 'admin',
    password_hash: hashes.at(-1)!,
    created_at: stamp,
  });

  const guardAccount = uuid(data.GUARD.guardId, 12);
  accounts.push({
    id: guardAccount,
    login_id: data.GUARD.guardId,
    role: 'guard',
    password_hash: hashes.at(-1)!,
    created_at: stamp,
  });

  const guardianAccount = uuid(data.GUARDIAN.guardianId, 13);
  accounts.push({
    id: guardianAccount,
    login_id: data.GUARDIAN.guardianId,
    role: 'guardian',
    password_hash: hashes.at(-1)!,
    created_at: stamp,
  });

  const teacherAccounts = teachers.map((t) => t.account_id);
  const performance = students.map((s) => {
    const sems = Array.from({ length: 4 }, () => rnd.between(6, 9.8, 2));
    return {
      roll_no: s.roll_no,
      tenth_percent: rnd.between(70, 98, 1),
      twelfth_percent: rnd.between(65, 97, 1),
      sem1_sgpa: sems[0]!,
      sem2_sgpa: sems[1]!,
      sem3_sgpa: sems[2]!,
      sem4_sgpa: sems[3]!,
      cgpa: Number((sems.reduce((a, b) => a + b, 0) / 4).toFixed(2)),
    };
  });

  const days = schoolDaysBefore(today, SCHOOL_DAYS);
  const attendance = students.flatMap((s, i) => {
    const presence = 0.6 + ((i * 7) % 40) / 100;
    const markedBy = teacherAccounts[data.GROUPS.indexOf(s.group_name)]!;
    return days.map((date) => ({
      roll_no: s.roll_no,
      date,
      status: rnd.next() < presence ? ('Present' as const) : ('Absent' as const),
      marked_by: markedBy,
      marked_at: `${date}T09:15:00.000Z`,
    }));
  });

  const mentorNotices = data.MENTOR_NOTICES.map((n, i) => {
    const t = teachers[i % teachers.length]!;
    return {
      id: uuid(i + 1, 4),
      author_id: t.account_id,
      teacher_name: t.name,
      email: t.email,
      ...n,
      created_at: createdAt(i * 2 + 1),
    };
  });
  const events = data.EVENTS.map((e, i) => ({
    id: uuid(i + 1, 5),
    author_id: teacherAccounts[i % teacherAccounts.length]!,
    event_name: e.eventName,
    host_by: e.hostBy,
    contact_email: 'events@campus.example.edu',
    date: new Date(today.getTime() + (i + 1) * 7 * 86_400_000).toISOString().slice(0, 10),
    time: e.time,
    description: e.description,
    created_at: createdAt(i * 3 + 1),
  }));
  const notices = data.GENERAL_NOTICES.map((n, i) => ({
    id: uuid(i + 1, 6),
    author_id: teacherAccounts[(i + 2) % teacherAccounts.length]!,
    contact_email: 'office@campus.example.edu',
    ...n,
    created_at: createdAt(i * 4 + 1),
  }));
  const syllabus = data.COURSES.map((c, i) => ({
    id: uuid(i + 1, 7),
    course_name: c.courseName,
    semester: c.semester,
    topics: JSON.stringify(c.topics),
    created_by: teacherAccounts[i % teacherAccounts.length]!,
    created_at: createdAt(90 - i),
  }));

  const statuses = ['pending', 'approved', 'rejected'] as const;
  const gatePasses = Array.from({ length: 12 }, (_, i) => {
    const student = students[i % 6]!;
    const status = statuses[i % 3]!;
    const decided = status !== 'pending';
    return {
      id: uuid(i + 1, 8),
      roll_no: student.roll_no,
      contact: student.phone_no ?? '',
      date: new Date(today.getTime() + ((i % 5) - 2) * 86_400_000).toISOString().slice(0, 10),
      time: `${String(9 + (i % 8)).padStart(2, '0')}:30`,
      reason: data.GATE_PASS_REASONS[i % data.GATE_PASS_REASONS.length]!,
      status,
      created_at: createdAt(i + 1, 30),
      decided_by: decided ? teacherAccounts[i % 2]! : null,
      decided_at: decided ? createdAt(i, 10) : null,
    };
  });

  const queries = data.QUERIES.map((q, i) => ({
    id: uuid(i + 1, 9),
    roll_no: students[i % 4]!.roll_no,
    topic: q.topic,
    description: q.description,
    solution: q.solution,
    solved_by: q.solution ? teacherAccounts[i % 3]! : null,
    solved_at: q.solution ? createdAt(i, 5) : null,
    likes: 0,
    created_at: createdAt(i + 2, 45),
  }));
  const queryTags = data.QUERIES.flatMap((q, i) =>
    q.tags.map((tag, position) => ({ query_id: uuid(i + 1, 9), position, tag })),
  );
  const support = data.SUPPORT_MESSAGES.map((m, i) => ({
    id: uuid(i + 1, 10),
    name: m.name,
    email: m.email,
    role: m.role,
    query_type: m.queryType,
    message: m.message,
    created_at: createdAt(i + 1),
  }));
  const faq = data.FAQ.map((f, i) => ({ id: uuid(i + 1, 11), position: i + 1, ...f }));
  const timetable = await demoTimetable(data.GROUPS, students, (id) => uuid(id, 2), today, stamp);

  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await isCampusEmpty(trx))) return false;
    await insertAll(trx, 'accounts', accounts);
    await insertAll(trx, 'students', students);
    await insertAll(trx, 'teachers', teachers);
    await insertAll(
      trx,
      'groups',
      data.GROUPS.map((name) => ({ name, created_at: createdAt(0) })),
    );
    await insertAll(trx, 'teacher_groups', teacherGroups);
    await insertAll(trx, 'admins', [
      {
        account_id: adminAccount,
        admin_id: data.ADMIN.adminId,
        name: data.ADMIN.name,
        email: data.ADMIN.email,
      },
    ]);
    await insertAll(trx, 'guards', [
      {
        account_id: guardAccount,
        guard_id: data.GUARD.guardId,
        name: data.GUARD.name,
        email: data.GUARD.email,
        phone_no: null,
      },
    ]);
    await insertAll(trx, 'guardians', [
      {
        account_id: guardianAccount,
        name: data.GUARDIAN.name,
        email: data.GUARDIAN.email,
        phone_no: null,
        created_at: stamp,
      },
    ]);
    await insertAll(
      trx,
      'guardian_links',
      data.GUARDIAN.children.map((rollNo) => ({
        guardian_account_id: guardianAccount,
        roll_no: rollNo,
        relation: 'Guardian',
        created_at: stamp,
      })),
    );
    await insertAll(trx, 'performance', performance);
    await insertAll(trx, 'attendance', attendance);
    await insertAll(trx, 'mentor_notices', mentorNotices);
    await insertAll(trx, 'events', events);
    await insertAll(trx, 'notices', notices);
    await insertAll(trx, 'syllabus', syllabus);
    await insertAll(trx, 'gate_passes', gatePasses);
    await insertAll(trx, 'queries', queries);
    await insertAll(trx, 'query_tags', queryTags);
    await insertAll(trx, 'support_messages', support);
    await insertAll(trx, 'faq', faq);
    await insertAll(trx, 'courses', timetable.courses);
    await insertAll(trx, 'teachings', timetable.teachings);
    await insertAll(trx, 'periods', timetable.periods);
    await insertAll(trx, 'holidays', timetable.holidays);
    await insertAll(trx, 'campus_settings', timetable.settings);
    await insertRows(trx, dialect, 'lecture_marks', MARK_COLUMNS, timetable.lectureMarks);
    await insertRows(trx, dialect, 'course_totals', TOTALS_COLUMNS, timetable.courseTotals);
    // What the sign-in screen asks before it lists the demo accounts and their password.
    await trx.insertInto('campus_settings').values({ key: DEMO_MARKER, value: 'yes' }).execute();
    return true;
  });
}
