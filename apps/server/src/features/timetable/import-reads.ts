/**
 * What a timetable file names, as stored: its courses, groups, teachers, teachings and the periods of
 * the weekdays it touches.
 */
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import type { Numbered } from './import';
import { timetableRepository } from './repository';

export interface Teacher {
  accountId: string;
  teacherId: number;
  name: string;
}

const unique = <T>(items: Iterable<T>) => [...new Set(items)];
/** A teaching's key: its course and group. */
export const keyOf = (course: string, group: string) => `${course}\u0000${group}`;

/** Read a thousand names a statement, never a statement a row. */
export async function readStored(db: Db, rows: readonly Numbered[]) {
  const codes = unique(rows.map((r) => r.value.course_code));
  const courses = new Map<string, string>();
  const groups = new Set<string>();
  const teachers = new Map<number, Teacher>();
  const teachings = new Map<string, { id: string; teacher: Teacher }>();
  await inChunks(codes, async (chunk) => {
    for (const c of await db
      .selectFrom('courses')
      .select(['code', 'name'])
      .where('code', 'in', chunk)
      .execute())
      courses.set(c.code, c.name);
    const taught = await db
      .selectFrom('teachings as t')
      .innerJoin('teachers as te', 'te.account_id', 't.teacher_account_id')
      .select(['t.id', 't.course_code', 't.group_name', 'te.account_id', 'te.teacher_id', 'te.name'])
      .where('t.course_code', 'in', chunk)
      .execute();
    for (const t of taught) {
      const teacher = { accountId: t.account_id, teacherId: t.teacher_id, name: t.name };
      teachings.set(keyOf(t.course_code, t.group_name), { id: t.id, teacher });
    }
  });
  await inChunks(unique(rows.map((r) => r.value.group)), async (chunk) => {
    for (const g of await db.selectFrom('groups').select('name').where('name', 'in', chunk).execute())
      groups.add(g.name);
  });
  const ids = unique(rows.flatMap((r) => (r.value.teacher_id === null ? [] : [r.value.teacher_id])));
  await inChunks(ids, async (chunk) => {
    const found = await db
      .selectFrom('teachers')
      .select(['account_id', 'teacher_id', 'name'])
      .where('teacher_id', 'in', chunk)
      .execute();
    for (const t of found)
      teachers.set(t.teacher_id, { accountId: t.account_id, teacherId: t.teacher_id, name: t.name });
  });
  // A teaching the file may hand over brings all its periods to the new teacher: their days are read too.
  const weekdays = unique([...rows.map((r) => r.value.weekday), ...(await daysTaught(db, rows, teachings))]);
  const periods = weekdays.length
    ? await timetableRepository(db)
        .selectPeriods()
        .select('t.teacher_account_id as teacher')
        .where('p.weekday', 'in', weekdays)
        .orderBy('p.starts')
        .execute()
    : [];
  return { courses, groups, teachers, teachings, periods };
}
export type Stored = Awaited<ReturnType<typeof readStored>>;

/** The weekdays of the stored periods of the teachings that rows name a teacher for. */
async function daysTaught(
  db: Db,
  rows: readonly Numbered[],
  teachings: ReadonlyMap<string, { id: string }>,
): Promise<number[]> {
  const ids = unique(
    rows.flatMap(({ value }) => {
      const teaching = teachings.get(keyOf(value.course_code, value.group));
      return value.teacher_id !== null && teaching ? [teaching.id] : [];
    }),
  );
  const days = new Set<number>();
  await inChunks(ids, async (chunk) => {
    for (const p of await db
      .selectFrom('periods')
      .select('weekday')
      .distinct()
      .where('teaching_id', 'in', chunk)
      .execute())
      days.add(p.weekday);
  });
  return [...days];
}
