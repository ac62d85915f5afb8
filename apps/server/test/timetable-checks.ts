/**
 * Checks of a seeded timetable and its lecture marks, on either database: clashes, marks that name a
 * lecture that was not held or a student not taught in it, and course totals that are not the marks'.
 */
import { courseCredit, forecast, overlaps, weekdayOf } from '@campus/contract';
import { sql } from 'kysely';
import type { Db } from '../src/db/index';
import { readTermSettings } from '../src/features/timetable/settings';

export interface PlacedPeriod {
  group: string;
  teacher: string;
  room: string;
  weekday: number;
  start: string;
  end: string;
}

/** Where periods put a group, a teacher or a room in two places at once. */
export function clashesOf(periods: readonly PlacedPeriod[]): string[] {
  const byPlace = new Map<string, PlacedPeriod[]>();
  for (const p of periods) {
    for (const place of [`group ${p.group}`, `teacher ${p.teacher}`, `room ${p.room}`]) {
      const key = `${place} on weekday ${p.weekday}`;
      byPlace.set(key, [...(byPlace.get(key) ?? []), p]);
    }
  }
  const clashes: string[] = [];
  for (const [key, list] of byPlace) {
    // Sorted by start, a period that overlaps a later one overlaps the next one too.
    list.sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      if (overlaps(a, b)) clashes.push(`${key}: ${a.start}–${a.end} and ${b.start}–${b.end}`);
    }
  }
  return clashes;
}

/** The seeded periods with their group and teacher. */
export const seededPeriods = (db: Db): Promise<(PlacedPeriod & { id: string; course: string })[]> =>
  db
    .selectFrom('periods as p')
    .innerJoin('teachings as t', 't.id', 'p.teaching_id')
    .select([
      'p.id',
      't.course_code as course',
      't.group_name as group',
      't.teacher_account_id as teacher',
      'p.room',
      'p.weekday',
      'p.starts as start',
      'p.ends as end',
    ])
    .execute();

/** The term as the timetable feature reads it, its holidays, and its school days before and after `today`. */
export async function seededTerm(db: Db, today: string) {
  const settings = await readTermSettings(db, Date.parse(`${today}T12:00:00.000Z`));
  const holidays = new Set((await db.selectFrom('holidays').select('date').execute()).map((h) => h.date));
  const past: string[] = [];
  const remaining: string[] = [];
  for (let t = Date.parse(`${settings.termStart}T00:00:00.000Z`); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (day > settings.termEnd) break;
    if (weekdayOf(day) > 5 || holidays.has(day) || day === today) continue;
    (day < today ? past : remaining).push(day);
  }
  return { settings, holidays, past, remaining };
}

/**
 * What is wrong with the marks: those whose period, student (of the period's group) or course does
 * not match, and the lectures marked on a day their period is not held in the term before `today`.
 */
export async function misplacedMarks(db: Db, today: string): Promise<{ unmatched: number; days: string[] }> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from lecture_marks m
    where not exists (
      select 1 from periods p
      join teachings t on t.id = p.teaching_id
      join students s on s.group_name = t.group_name
      where p.id = m.period_id and s.roll_no = m.roll_no and t.course_code = m.course_code
    )`.execute(db);
  const { past } = await seededTerm(db, today);
  const held = new Set(past);
  const lectures = await db
    .selectFrom('lecture_marks as m')
    .innerJoin('periods as p', 'p.id', 'm.period_id')
    .select(['m.period_id', 'm.date', 'p.weekday'])
    .distinct()
    .execute();
  const days = lectures
    .filter((l) => !held.has(l.date) || weekdayOf(l.date) !== l.weekday)
    .map((l) => `${l.period_id} on ${l.date}`);
  return { unmatched: Number(rows[0]?.n), days };
}

interface Counted {
  roll_no: number;
  course_code: string;
  present: number | string;
  late: number | string;
  absent: number | string;
  on_leave: number | string;
}

/**
 * course_totals rows that are not the count of the student's lecture marks in the course, or whose
 * state is not the forecast's with the lectures that remain after `today`.
 */
export async function totalsMismatches(db: Db, today: string): Promise<string[]> {
  const { rows: counted } = await sql<Counted>`
    select roll_no, course_code,
      sum(case when status = 'Present' then 1 else 0 end) as present,
      sum(case when status = 'Late' then 1 else 0 end) as late,
      sum(case when status = 'Absent' then 1 else 0 end) as absent,
      sum(case when status = 'On leave' then 1 else 0 end) as on_leave
    from lecture_marks group by roll_no, course_code`.execute(db);
  const totals = await db.selectFrom('course_totals').selectAll().execute();
  const { settings, remaining } = await seededTerm(db, today);
  const lecturesLeft = new Map<string, number>();
  for (const p of await seededPeriods(db)) {
    const key = `${p.group} ${p.course}`;
    lecturesLeft.set(
      key,
      (lecturesLeft.get(key) ?? 0) + remaining.filter((d) => weekdayOf(d) === p.weekday).length,
    );
  }
  const groupOf = new Map(
    (await db.selectFrom('students').select(['roll_no', 'group_name']).execute()).map((s) => [
      s.roll_no,
      s.group_name,
    ]),
  );
  const minPercent = new Map(
    (await db.selectFrom('courses').select(['code', 'min_percent']).execute()).map((c) => [
      c.code,
      c.min_percent,
    ]),
  );
  const problems: string[] = [];
  const byKey = new Map(totals.map((t) => [`${t.roll_no} ${t.course_code}`, t]));
  for (const c of counted) {
    const key = `${c.roll_no} ${c.course_code}`;
    const t = byKey.get(key);
    byKey.delete(key);
    const counts = {
      present: Number(c.present),
      late: Number(c.late),
      absent: Number(c.absent),
      onLeave: Number(c.on_leave),
    };
    const { held, attended } = courseCredit(counts, settings.lateCounts);
    const left = lecturesLeft.get(`${groupOf.get(c.roll_no)} ${c.course_code}`) ?? 0;
    const state = forecast(
      c.course_code,
      held,
      attended,
      left,
      minPercent.get(c.course_code) ?? settings.minPercent,
    ).state;
    const expected = { ...counts, state };
    const actual = t && {
      present: t.present,
      late: t.late,
      absent: t.absent,
      onLeave: t.on_leave,
      state: t.state,
    };
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(`${key}: ${JSON.stringify(actual)}, counted ${JSON.stringify(expected)}`);
    }
  }
  for (const key of byKey.keys()) problems.push(`${key}: totals without marks`);
  return problems;
}
