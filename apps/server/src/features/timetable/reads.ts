/**
 * The timetable's reads kept in memory until an admin changes the timetable (`cache-keys.ts`): a
 * day's lectures, a lecture's mark and a student's standing read them on every request.
 */
import type { Course, Holiday, LectureStatus, Period } from '@campus/contract';
import type { Db } from '../../db/index';
import { groupRows, type MenteeRows } from '../../db/mentees';
import type { ReadCache } from '../../db/read-cache';
import { movementsOf, passMovementsText } from '../leave/repository';
import type { PassMovements } from '@campus/contract';
import { timetableKeys } from './cache-keys';
import type { TimetableRepository } from './repository';

/** A group's approved leave and passes of a day, as kept: who may be away for its lectures. */
export interface GroupAway {
  onLeave: readonly number[];
  passes: readonly { rollNo: number; movements: PassMovements }[];
}

export type TimetableReads = ReturnType<typeof timetableReads>;

export function timetableReads(db: Db, cache: ReadCache, timetable: TimetableRepository) {
  const studentsOf = groupRows(db, cache);
  const periods = (filter: {
    group?: string | undefined;
    teacherId?: number | undefined;
  }): Promise<Period[]> => cache.get(timetableKeys.periods(filter), () => timetable.listPeriods(filter));
  return {
    periods,
    period: (id: string): Promise<Period | undefined> =>
      cache.get(timetableKeys.period(id), () =>
        timetable.selectPeriods().where('p.id', '=', id).executeTakeFirst(),
      ),
    holidays: (): Promise<Holiday[]> => cache.get(timetableKeys.holidays(), () => timetable.listHolidays()),
    courses: (): Promise<Pick<Course, 'code' | 'name' | 'minPercent'>[]> =>
      cache.get(timetableKeys.courses(), async () =>
        (
          await db.selectFrom('courses').select(['code', 'name', 'min_percent']).orderBy('code').execute()
        ).map((c) => ({ code: c.code, name: c.name, minPercent: c.min_percent })),
      ),
    groupOf: (rollNo: number): Promise<string | undefined> =>
      cache.get(timetableKeys.groupOf(rollNo), async () => {
        const row = await db
          .selectFrom('students')
          .select('group_name')
          .where('roll_no', '=', rollNo)
          .executeTakeFirst();
        return row?.group_name;
      }),
    mentorsOf: (group: string): Promise<string[]> =>
      cache.get(timetableKeys.mentorsOf(group), async () =>
        (
          await db
            .selectFrom('teacher_groups')
            .select('teacher_account_id')
            .where('group_name', '=', group)
            .orderBy('teacher_account_id')
            .execute()
        ).map((m) => m.teacher_account_id),
      ),
    /** The group's students (roll numbers), as the cache knows them. */
    studentsOf: (group: string): Promise<MenteeRows> => studentsOf(group),
    /** A student's counted marks in each course, by course. */
    totalsOf: (rollNo: number): Promise<readonly StudentTotals[]> =>
      cache.get(timetableKeys.totalsOf(rollNo), () =>
        db
          .selectFrom('course_totals')
          .select(['course_code', 'present', 'late', 'absent', 'on_leave'])
          .where('roll_no', '=', rollNo)
          .orderBy('course_code')
          .execute(),
      ),
    /** Which of these periods of a group have marks on `date`. */
    markedOn: async (group: string, date: string): Promise<ReadonlySet<string>> => {
      const [students, held] = await Promise.all([studentsOf(group), periods({ group })]);
      return cache.get(timetableKeys.markedOn(group, date, students), () =>
        readMarked(
          db,
          held.map((p) => p._id),
          date,
        ),
      );
    },
    /**
     * A lecture's students, the group's, with their marks, by roll number. Read each time: kept in
     * memory, the bench's week of rosters raised the server's peak memory by 40 MB, for 3 % of its
     * requests (docs/performance.md).
     */
    roster: (period: Period, date: string): Promise<RosterMark[]> => readRoster(db, period, date),
    away: async (group: string, date: string): Promise<GroupAway> => {
      const students = await studentsOf(group);
      return cache.get(timetableKeys.away(group, date, students), () => readAway(db, students.rollNos, date));
    },
  };
}

/** A student's counted marks in one course. */
export interface StudentTotals {
  course_code: string;
  present: number;
  late: number;
  absent: number;
  on_leave: number;
}

/** A student of a lecture's group and their mark of it, if any. */
export interface RosterMark {
  roll_no: number;
  name: string;
  status: LectureStatus | null;
  late_minutes: number | null;
}

async function readMarked(db: Db, periodIds: readonly string[], date: string): Promise<ReadonlySet<string>> {
  if (periodIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('lecture_marks')
    .select('period_id')
    .distinct()
    .where('date', '=', date)
    .where('period_id', 'in', [...periodIds])
    .execute();
  return new Set(rows.map((m) => m.period_id));
}

function readRoster(db: Db, period: Period, date: string): Promise<RosterMark[]> {
  return db
    .selectFrom('students as s')
    .leftJoin('lecture_marks as m', (join) =>
      join.onRef('m.roll_no', '=', 's.roll_no').on('m.period_id', '=', period._id).on('m.date', '=', date),
    )
    .select(['s.roll_no', 's.name', 'm.status', 'm.late_minutes'])
    .where('s.group_name', '=', period.group)
    .orderBy('s.roll_no')
    .execute();
}

async function readAway(db: Db, rollNos: readonly number[], date: string): Promise<GroupAway> {
  if (rollNos.length === 0) return { onLeave: [], passes: [] };
  const [leave, passes] = await Promise.all([
    db
      .selectFrom('leave_applications')
      .select('roll_no')
      .where('roll_no', 'in', rollNos)
      .where('status', '=', 'approved')
      .where('from_date', '<=', date)
      .where('to_date', '>=', date)
      .orderBy('roll_no')
      .execute(),
    db
      .selectFrom('gate_passes as g')
      .select(['g.roll_no', passMovementsText.as('movements')])
      .where('g.roll_no', 'in', rollNos)
      .where('g.status', '=', 'approved')
      .where('g.date', '=', date)
      .orderBy('g.roll_no')
      .orderBy('g.id')
      .execute(),
  ]);
  return {
    onLeave: leave.map((l) => l.roll_no),
    passes: passes.map((p) => ({ rollNo: p.roll_no, movements: movementsOf(p.movements) })),
  };
}
