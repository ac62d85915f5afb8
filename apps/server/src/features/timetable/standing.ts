/**
 * Where a student stands in each course of their group and where they are heading: the lectures held
 * and attended (by the campus's Late rule), and the forecast of the course's rule over the lectures
 * the term still holds.
 */
import {
  courseCredit,
  forecast,
  forecastState,
  lateCredit,
  wallClock,
  type CourseStanding,
  type CourseStandings,
  type TermSettings,
} from '@campus/contract';
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';
import { remainingLectures } from './calendar';
import type { CourseTotals } from './lectures';
import type { TimetableReads } from './reads';

const round1 = (n: number) => Math.round(n * 10) / 10;

interface CourseRow {
  name: string;
  minPercent: number | null;
}
interface TotalsRow {
  present: number;
  late: number;
  absent: number;
  on_leave: number;
}

const creditOf = (counts: TotalsRow | undefined, term: TermSettings) =>
  courseCredit(
    {
      present: counts?.present ?? 0,
      late: counts?.late ?? 0,
      absent: counts?.absent ?? 0,
      onLeave: counts?.on_leave ?? 0,
    },
    term.lateCounts,
  );

/** A student's standing in one course from their counted marks and the lectures left. */
export function standingOf(
  code: string,
  counts: TotalsRow | undefined,
  course: CourseRow | undefined,
  left: number,
  term: TermSettings,
): CourseStanding {
  const { held, attended } = creditOf(counts, term);
  const name = course?.name ?? code;
  const minPercent = course?.minPercent ?? term.minPercent;
  const f = forecast(name, held, attended, left, minPercent);
  return {
    course: code,
    courseName: name,
    held,
    attended,
    percent: held === 0 ? 100 : round1((attended / held) * 100),
    minPercent,
    remaining: left,
    needed: f.needed,
    state: f.state,
    forecast: f.text,
  };
}

/**
 * The lectures each course of a group still holds from `now` to the term's end: the rest of today's
 * (those not yet begun) and every later day's that is not a holiday.
 */
export async function remainingOf(
  reads: TimetableReads,
  group: string,
  term: TermSettings,
  now: number,
): Promise<ReadonlyMap<string, number>> {
  const clock = wallClock(now, term.timeZone);
  const from = clock.day < term.termStart ? term.termStart : clock.day;
  const [periods, holidays] = await Promise.all([reads.periods({ group }), reads.holidays()]);
  const afterTime = from === clock.day ? clock.time : '00:00';
  // The same answer until the minute, the timetable or the holidays change: kept beside the cached lists.
  let byHolidays = remainingMemo.get(periods);
  if (!byHolidays) remainingMemo.set(periods, (byHolidays = new WeakMap()));
  let memo = byHolidays.get(holidays);
  if (!memo || memo.size > 64)
    byHolidays.set(holidays, (memo = new Map<string, ReadonlyMap<string, number>>()));
  const key = `${from}|${afterTime}|${term.termEnd}`;
  let remaining = memo.get(key);
  if (!remaining) {
    const off = new Set(holidays.filter((h) => h.date >= from && h.date <= term.termEnd).map((h) => h.date));
    remaining = remainingLectures(periods, from, afterTime, term.termEnd, off);
    memo.set(key, remaining);
  }
  return remaining;
}

/** What `remainingOf` answered, by the periods and holidays it was worked out from; never changed. */
const remainingMemo = new WeakMap<
  readonly object[],
  WeakMap<readonly object[], Map<string, ReadonlyMap<string, number>>>
>();

/** The courses by code, as the cache keeps them. */
async function coursesByCode(reads: TimetableReads): Promise<Map<string, CourseRow>> {
  return new Map((await reads.courses()).map((c) => [c.code, c]));
}

/** The standings of one student, or undefined when there is no such student. */
export async function standingsOf(
  reads: TimetableReads,
  rollNo: number,
  term: TermSettings,
  now: number,
): Promise<CourseStandings | undefined> {
  const group = await reads.groupOf(rollNo);
  if (group === undefined) return undefined;
  const [remaining, totals, courseOf] = await Promise.all([
    remainingOf(reads, group, term, now),
    reads.totalsOf(rollNo),
    coursesByCode(reads),
  ]);
  const codes = new Set([...remaining.keys(), ...totals.map((t) => t.course_code)]);
  const standings = [...codes].sort().map((code) =>
    standingOf(
      code,
      totals.find((t) => t.course_code === code),
      courseOf.get(code),
      remaining.get(code) ?? 0,
      term,
    ),
  );
  const held = standings.reduce((sum, s) => sum + s.held, 0);
  const attended = standings.reduce((sum, s) => sum + s.attended, 0);
  return {
    rollNo,
    overall: { held, attended, percent: held === 0 ? 100 : round1((attended / held) * 100) },
    courses: standings,
  };
}

/** One student's standing in one course, as a mentor's list shows it. */
export interface StudentCourseRisk extends CourseStanding {
  RollNo: number;
  name: string;
  group: string;
}

/** What the list sorts and filters a student's course by, before any words are written. */
type RiskKey = Pick<StudentCourseRisk, 'RollNo' | 'course' | 'state' | 'needed' | 'remaining' | 'percent'>;

const RISK_ORDER = { unreachable: 0, 'at-risk': 1, ok: 2 } as const;

/** Most at risk first: out of reach, then below the rule, then by the share of what remains they need. */
export function byRisk(a: RiskKey, b: RiskKey): number {
  const share = (s: RiskKey) => (s.remaining === 0 ? 0 : s.needed / s.remaining);
  return (
    RISK_ORDER[a.state] - RISK_ORDER[b.state] ||
    share(b) - share(a) ||
    a.percent - b.percent ||
    a.RollNo - b.RollNo ||
    (a.course < b.course ? -1 : a.course > b.course ? 1 : 0)
  );
}

/**
 * A student of the groups and their counted marks in one course, as `[roll_no, group_name,
 * course_code, present, late, absent, on_leave]`; the course and counts are null for a student
 * with no marks counted yet.
 */
type StudentTotalsTuple = [number, string, string | null, number, number, number, number];

/**
 * The students of `groups` (roll number → group) and their counted marks in each course, by
 * `roll_no|course_code`; with `belowRuleOnly`, only the courses below their rule, and their
 * students. The database sends them as one JSON text: 1,200 rows a group of seven values each cost
 * the drivers several times more to hand over than the one value (docs/performance.md, "Cold first
 * pages (7 December)").
 */
async function groupTotals(db: Db, groups: readonly string[], belowRuleOnly?: TermSettings) {
  const columns = [
    's.roll_no',
    's.group_name',
    'c.course_code',
    'c.present',
    'c.late',
    'c.absent',
    'c.on_leave',
  ];
  const tuple = sql.join(columns.map((c) => sql.ref(c)));
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = pg
    ? sql<string>`coalesce(json_agg(json_build_array(${tuple})), '[]')::text`
    : sql<string>`json_group_array(json_array(${tuple}))`;
  const found = await (
    belowRuleOnly
      ? belowRule(db, belowRuleOnly, throughKey(pg, groups))
      : db
          .selectFrom('students as s')
          .leftJoin('course_totals as c', (join) =>
            join.onRef('c.roll_no', '=', 's.roll_no').on(throughKey(pg, groups)),
          )
  )
    .select(rows.as('rows'))
    .where('s.group_name', 'in', groups)
    .executeTakeFirstOrThrow();
  const groupOf = new Map<number, string>();
  const totals = new Map<string, TotalsRow>();
  for (const [rollNo, group, code, present, late, absent, onLeave] of JSON.parse(
    found.rows,
  ) as StudentTotalsTuple[]) {
    groupOf.set(rollNo, group);
    if (code !== null) totals.set(`${rollNo}|${code}`, { present, late, absent, on_leave: onLeave });
  }
  return { groupOf, totals };
}

/**
 * A student's totals joined by roll number. PostgreSQL is also given the groups' roll numbers as an
 * array: joining a few groups, its planner otherwise reads every student's totals, where the array
 * is read through the key (docs/performance.md, "The mentors' course risk, cold").
 */
function throughKey(pg: boolean, groups: readonly string[]): RawBuilder<boolean> {
  if (!pg) return sql<boolean>`1 = 1`;
  const rollNos = sql`array(select roll_no from students where group_name in (${sql.join(groups)}))`;
  return sql<boolean>`c.roll_no = any(${rollNos})`;
}

/**
 * The students' courses whose attendance is below the course's rule (`minimum × held > attended ×
 * 100`, with a thousandth of a point to spare): only these can be at risk or out of reach, whatever
 * lectures remain. The spare makes this a little wider than the rule; `forecastState` decides each
 * row. Most of a group's courses are above the line, so the mentors' list reads a sixth of the rows.
 */
function belowRule(db: Db, term: TermSettings, keyed: RawBuilder<boolean>) {
  const held = sql<number>`(c.present + c.late + c.absent)`;
  const attended = sql<number>`(c.present + c.late * cast(${lateCredit(term.lateCounts)} as real))`;
  const minimum = sql<number>`coalesce(k.min_percent, cast(${term.minPercent} as real))`;
  return db
    .selectFrom('students as s')
    .innerJoin('course_totals as c', (join) => join.onRef('c.roll_no', '=', 's.roll_no').on(keyed))
    .leftJoin('courses as k', 'k.code', 'c.course_code')
    .where(sql<boolean>`${attended} * 100 < (${minimum} + 0.001) * ${held}`);
}

/** The names of these students, by roll number. */
async function namesOf(db: Db, rollNos: readonly number[]): Promise<Map<number, string>> {
  if (rollNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('students')
    .select(['roll_no', 'name'])
    .where('roll_no', 'in', [...rollNos])
    .execute();
  return new Map(rows.map((r) => [r.roll_no, r.name]));
}

/**
 * A page of the standings of every student of `groups` in each course of their group, most at risk
 * first (or only those at risk), and how many there are. Each row is sorted by figures alone; only
 * the page's rows are written out in words, with their students' names.
 */
export async function groupRisks(
  db: Db,
  reads: TimetableReads,
  groups: readonly string[],
  term: TermSettings,
  now: number,
  list: { atRisk: boolean; limit: number | undefined; offset: number },
): Promise<{ rows: StudentCourseRisk[]; total: number }> {
  if (groups.length === 0) return { rows: [], total: 0 };
  // Every read at once: on PostgreSQL each is a round trip, which the pool's connections overlap.
  const [{ groupOf, totals: totalsOf }, courseOf, remainingByGroup] = await Promise.all([
    groupTotals(db, groups, list.atRisk ? term : undefined),
    coursesByCode(reads),
    Promise.all(groups.map((group) => remainingOf(reads, group, term, now))),
  ]);
  const remainingIn = new Map(groups.map((group, g) => [group, remainingByGroup[g]!]));
  const keys: (RiskKey & { left: number })[] = [];
  for (const [rollNo, group] of groupOf) {
    for (const [code, left] of remainingIn.get(group)!) {
      const { held, attended } = creditOf(totalsOf.get(`${rollNo}|${code}`), term);
      const minPercent = courseOf.get(code)?.minPercent ?? term.minPercent;
      const { needed, state } = forecastState(held, attended, left, minPercent);
      if (list.atRisk && state === 'ok') continue;
      const percent = held === 0 ? 100 : round1((attended / held) * 100);
      keys.push({ RollNo: rollNo, course: code, state, needed, remaining: left, percent, left });
    }
  }
  keys.sort(byRisk);
  const page = keys.slice(list.offset, list.limit === undefined ? undefined : list.offset + list.limit);
  const names = await namesOf(db, [...new Set(page.map((k) => k.RollNo))]);
  const rows = page.map((k) => {
    const standing = standingOf(
      k.course,
      totalsOf.get(`${k.RollNo}|${k.course}`),
      courseOf.get(k.course),
      k.left,
      term,
    );
    return { RollNo: k.RollNo, name: names.get(k.RollNo)!, group: groupOf.get(k.RollNo)!, ...standing };
  });
  return { rows, total: keys.length };
}

/**
 * How to judge each marked student's standing in the lecture's course from the totals a mark left:
 * read before the mark's transaction (from memory), so the judging inside it waits for nothing.
 */
export async function markedStandings(
  reads: TimetableReads,
  lecture: { group: string; course: string },
  term: TermSettings,
  now: number,
): Promise<(totals: readonly CourseTotals[]) => { totals: CourseTotals; standing: CourseStanding }[]> {
  const [remaining, courseOf] = await Promise.all([
    remainingOf(reads, lecture.group, term, now),
    coursesByCode(reads),
  ]);
  const course = courseOf.get(lecture.course);
  const left = remaining.get(lecture.course) ?? 0;
  return (totals) =>
    totals.map((t) => ({
      totals: t,
      standing: standingOf(
        lecture.course,
        { present: t.present, late: t.late, absent: t.absent, on_leave: t.onLeave },
        course,
        left,
        term,
      ),
    }));
}
