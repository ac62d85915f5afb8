/**
 * The timetable's reads kept in memory until an admin changes the timetable (`cache-keys.ts`): a
 * day's lectures, a lecture's mark and a student's standing read them on every request.
 */
import type { Course, Holiday, Period } from '@campus/contract';
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
  return {
    periods: (filter: { group?: string | undefined; teacherId?: number | undefined }): Promise<Period[]> =>
      cache.get(timetableKeys.periods(filter), () => timetable.listPeriods(filter)),
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
    away: async (group: string, date: string): Promise<GroupAway> => {
      const students = await studentsOf(group);
      return cache.get(timetableKeys.away(group, date, students), () => readAway(db, students.rollNos, date));
    },
  };
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
