/**
 * A whole timetable file checked against the stored timetable at once, a few reads in all: each row's
 * course, group and teacher looked up, and each period checked for a clash with the stored periods
 * and with the file's earlier rows by the API's rule, named in the API's words (clash.ts). Answers
 * the rows to write; writes nothing.
 */
import { clashText, type Period } from '@campus/contract';
import type { Db } from '../../db/index';
import { newId } from '../../lib/ids';
import { findClash, type ClashKind } from './clash';
import { keyOf, readStored, type Stored, type Teacher } from './import-reads';

/** One period of a file, its cells checked; named as the file's columns are. */
export interface TimetableFileRow {
  course_code: string;
  course_name: string | null;
  credits: number | null;
  group: string;
  teacher_id: number | null;
  weekday: number;
  start: string;
  end: string;
  room: string;
}

export interface Numbered {
  row: number;
  value: TimetableFileRow;
}

export interface TimetableProblem {
  row: number;
  field: keyof TimetableFileRow;
  problem: string;
}

/** What the file adds: courses, teachings (new, or handed to the file's teacher) and periods. */
export interface TimetableBatch {
  problems: TimetableProblem[];
  counts: { created: number; updated: number; unchanged: number };
  courses: { code: string; name: string; credits: number }[];
  teachings: { id: string; course: string; group: string; teacherAccountId: string }[];
  periods: { id: string; teachingId: string; weekday: number; start: string; end: string; room: string }[];
}

/** A period in the week being checked; `row` when the file adds it. */
type Slot = Period & { teacher: string; row?: number };

const CLASH_FIELD: Record<ClashKind, keyof TimetableFileRow> = {
  group: 'group',
  teacher: 'teacher_id',
  room: 'room',
};

/** The courses the file adds: each defined by the first row that names it; later rows must agree. */
function defineCourses(rows: readonly Numbered[], stored: Stored, problems: TimetableProblem[]) {
  const defined = new Map<string, { code: string; name: string; credits: number; row: number }>();
  for (const { row, value } of rows) {
    const code = value.course_code;
    if (stored.courses.has(code) || value.course_name === null) continue;
    const first = defined.get(code);
    if (!first) {
      if (value.credits === null) {
        problems.push({ row, field: 'credits', problem: `is needed to add the course ${code}` });
      } else defined.set(code, { code, name: value.course_name, credits: value.credits, row });
    } else if (
      first.name !== value.course_name ||
      (value.credits !== null && value.credits !== first.credits)
    ) {
      problems.push({
        row,
        field: 'course_name',
        problem: `differs from row ${first.row}, which adds ${code} as “${first.name}” with ${first.credits} credits`,
      });
    }
  }
  return defined;
}

/** The teacher the file names for each course and group: one, named by its first row that names one. */
function namedTeachers(rows: readonly Numbered[], stored: Stored, problems: TimetableProblem[]) {
  const named = new Map<string, { teacher: Teacher; row: number }>();
  for (const { row, value } of rows) {
    const teacher = value.teacher_id === null ? undefined : stored.teachers.get(value.teacher_id);
    if (!teacher) continue;
    const key = keyOf(value.course_code, value.group);
    const first = named.get(key);
    if (!first) named.set(key, { teacher, row });
    else if (first.teacher.teacherId !== teacher.teacherId) {
      problems.push({
        row,
        field: 'teacher_id',
        problem: `${value.course_code} has one teacher in ${value.group}: row ${first.row} names ${first.teacher.teacherId}`,
      });
    }
  }
  return named;
}

/** The row's teacher, or its problems: an unknown group, course or teacher, or no teacher at all. */
function resolveRow(
  { row, value }: Numbered,
  stored: Stored,
  courses: ReadonlyMap<string, unknown>,
  named: ReadonlyMap<string, { teacher: Teacher }>,
): { teacher: Teacher } | { problems: TimetableProblem[] } {
  const problems: TimetableProblem[] = [];
  const code = value.course_code;
  // A row that names the course but cannot add it has its own problem (defineCourses).
  if (!stored.courses.has(code) && !courses.has(code) && value.course_name === null) {
    problems.push({
      row,
      field: 'course_code',
      problem: `there is no course ${code}; give its course_name and credits to add it`,
    });
  }
  if (!stored.groups.has(value.group)) {
    problems.push({ row, field: 'group', problem: `there is no group ${value.group}` });
  }
  const key = keyOf(code, value.group);
  const teacher = named.get(key)?.teacher ?? stored.teachings.get(key)?.teacher;
  if (value.teacher_id !== null && !stored.teachers.has(value.teacher_id)) {
    problems.push({ row, field: 'teacher_id', problem: `there is no teacher with id ${value.teacher_id}` });
  } else if (!teacher && problems.length === 0) {
    problems.push({
      row,
      field: 'teacher_id',
      problem: `is required, as nobody teaches ${code} to ${value.group} yet`,
    });
  }
  return problems.length > 0 || !teacher ? { problems } : { teacher };
}

const slotOf = (value: TimetableFileRow, teacher: Teacher, courseName: string, row?: number): Slot => ({
  _id: '',
  course: value.course_code,
  courseName,
  group: value.group,
  teacherId: teacher.teacherId,
  teacherName: teacher.name,
  weekday: value.weekday,
  start: value.start,
  end: value.end,
  room: value.room,
  teacher: teacher.accountId,
  ...(row === undefined ? {} : { row }),
});

const samePeriod = (a: Slot, b: TimetableFileRow) =>
  a.course === b.course_code &&
  a.group === b.group &&
  a.start === b.start &&
  a.end === b.end &&
  a.room === b.room;

/**
 * Checks a timetable file: every problem by row, and what to write when there is none. A row that is
 * already a stored period is unchanged (updated when the file hands its teaching to another teacher).
 */
export async function checkTimetableFile(db: Db, rows: readonly Numbered[]): Promise<TimetableBatch> {
  const stored = await readStored(db, rows);
  const problems: TimetableProblem[] = [];
  const courses = defineCourses(rows, stored, problems);
  const named = namedTeachers(rows, stored, problems);
  const handedOver = new Map<string, Teacher>();
  for (const [key, { teacher }] of named) {
    const before = stored.teachings.get(key);
    if (before && before.teacher.accountId !== teacher.accountId) handedOver.set(key, teacher);
  }
  // The week as it will be: stored periods (with their new teacher where the file hands one over).
  const week = new Map<number, Slot[]>();
  const dayOf = (weekday: number) => {
    const day = week.get(weekday) ?? [];
    week.set(weekday, day);
    return day;
  };
  for (const period of stored.periods) {
    const teacher = handedOver.get(keyOf(period.course, period.group));
    const slot: Slot = teacher
      ? { ...period, teacher: teacher.accountId, teacherId: teacher.teacherId, teacherName: teacher.name }
      : period;
    dayOf(period.weekday).push(slot);
  }
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const added: { value: TimetableFileRow; key: string }[] = [];
  for (const numbered of rows) {
    const { row, value } = numbered;
    const resolved = resolveRow(numbered, stored, courses, named);
    if ('problems' in resolved) {
      problems.push(...resolved.problems);
      continue;
    }
    const day = dayOf(value.weekday);
    const same = day.find((slot) => slot.row === undefined && samePeriod(slot, value));
    const key = keyOf(value.course_code, value.group);
    const courseName = stored.courses.get(value.course_code) ?? courses.get(value.course_code)?.name ?? '';
    const slot = slotOf(value, resolved.teacher, courseName, row);
    const clash = findClash(slot, same ? day.filter((s) => s !== same) : day);
    if (clash) {
      const where = clash.other.row === undefined ? '' : ` (row ${clash.other.row} of this file)`;
      problems.push({
        row,
        field: CLASH_FIELD[clash.kind],
        problem: `${clashText(clash.kind, clash.other)}${where}`,
      });
    } else if (same) {
      if (handedOver.has(key)) counts.updated++;
      else counts.unchanged++;
    } else {
      counts.created++;
      day.push(slot);
      added.push({ value, key });
    }
  }
  for (const problem of handoverProblems(week, handedOver, named)) {
    // A row restating a handed-over period may have named this very clash already.
    if (!problems.some((p) => p.row === problem.row && p.problem === problem.problem)) problems.push(problem);
  }
  return { problems, counts, ...writesOf(stored, courses, named, handedOver, added) };
}

/**
 * Each teaching the file hands over brings its stored periods to the new teacher: the first of them
 * that clashes with that teacher's other stored periods (as they will be) is a problem of the row
 * that names the new teacher, in the API's words.
 */
function handoverProblems(
  week: ReadonlyMap<number, readonly Slot[]>,
  handedOver: ReadonlyMap<string, Teacher>,
  named: ReadonlyMap<string, { row: number }>,
): TimetableProblem[] {
  const problems: TimetableProblem[] = [];
  const stored = [...week.values()]
    .flat()
    .filter((slot) => slot.row === undefined)
    .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  for (const [key, teacher] of handedOver) {
    const theirs = stored.filter(
      (slot) => slot.teacher === teacher.accountId && keyOf(slot.course, slot.group) !== key,
    );
    for (const slot of stored.filter((s) => keyOf(s.course, s.group) === key)) {
      const clash = findClash(slot, theirs);
      if (!clash) continue;
      problems.push({
        row: named.get(key)!.row,
        field: 'teacher_id',
        problem: clashText(clash.kind, clash.other),
      });
      break;
    }
  }
  return problems;
}

/** The rows that make it so: new courses, teachings new or handed over, and the new periods. */
function writesOf(
  stored: Stored,
  courses: ReadonlyMap<string, { code: string; name: string; credits: number }>,
  named: ReadonlyMap<string, { teacher: Teacher }>,
  handedOver: ReadonlyMap<string, Teacher>,
  added: readonly { value: TimetableFileRow; key: string }[],
): Omit<TimetableBatch, 'problems' | 'counts'> {
  const teachings = new Map<string, TimetableBatch['teachings'][number]>();
  for (const [key, teacher] of handedOver) {
    const [course = '', group = ''] = key.split('\u0000');
    teachings.set(key, {
      id: stored.teachings.get(key)!.id,
      course,
      group,
      teacherAccountId: teacher.accountId,
    });
  }
  const periods = added.map(({ value, key }) => {
    let teachingId = stored.teachings.get(key)?.id ?? teachings.get(key)?.id;
    if (!teachingId) {
      teachingId = newId();
      const teacher = named.get(key)!.teacher;
      teachings.set(key, {
        id: teachingId,
        course: value.course_code,
        group: value.group,
        teacherAccountId: teacher.accountId,
      });
    }
    const { weekday, start, end, room } = value;
    return { id: newId(), teachingId, weekday, start, end, room };
  });
  return {
    courses: [...courses.values()].map(({ code, name, credits }) => ({ code, name, credits })),
    teachings: [...teachings.values()],
    periods,
  };
}
