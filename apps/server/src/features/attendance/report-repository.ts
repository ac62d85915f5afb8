/** The attendance report's SQL: one group's attendance over a range, counted by the database. */
import {
  ATTENDANCE_WARNING_PERCENT,
  attendancePercentageOf,
  type AttendanceReportRow,
  type OnLeaveRule,
} from '@campus/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { countsUnder } from '../leave/repository';

/** PostgreSQL's count and sum are bigints, which pg hands over as text. */
type Counted = number | string | bigint;

export function attendanceReportRepository(db: Db) {
  return {
    /**
     * Every student of the group with their Present days and marked days from `from` to `to`, in
     * one grouped query: the group's students by the (group_name, roll_no) index, each one's days
     * by the (roll_no, date) primary key. Those below the warning percentage come first, then the
     * others from the lowest percentage, students not marked in the range last; ties by roll number.
     * On leave days count as `rule` says (decision record 0032).
     * The flag compares whole numbers (present × 100 < warning × total), so no rounding decides it.
     */
    async forGroup(
      group: string,
      from: string,
      to: string,
      rule: OnLeaveRule = 'exclude',
    ): Promise<AttendanceReportRow[]> {
      // On leave days count as the campus says: left out of the total by default.
      const { total, present } = countsUnder(rule, sql.ref('attendance.status'));
      const flagged = sql<Counted>`case when ${total} > 0 and 100 * ${present} < ${sql.lit(ATTENDANCE_WARNING_PERCENT)} * ${total} then 1 else 0 end`;
      const rows = await db
        .selectFrom('students')
        .leftJoin('attendance', (join) =>
          join
            .onRef('attendance.roll_no', '=', 'students.roll_no')
            .on('attendance.date', '>=', from)
            .on('attendance.date', '<=', to),
        )
        .where('students.group_name', '=', group)
        .groupBy(['students.roll_no', 'students.name'])
        .select([
          'students.roll_no',
          'students.name',
          total.as('total'),
          present.as('present'),
          flagged.as('flagged'),
        ])
        .orderBy(flagged, 'desc')
        .orderBy(sql`case when ${total} = 0 then 1 else 0 end`)
        .orderBy(sql`${present} * 1.0 / nullif(${total}, 0)`)
        .orderBy('students.roll_no')
        .execute();
      return rows.map((row) => {
        const days = Number(row.total);
        const presentDays = Number(row.present);
        return {
          RollNo: row.roll_no,
          name: row.name,
          present: presentDays,
          total: days,
          percentage: attendancePercentageOf(presentDays, days),
          flagged: Number(row.flagged) === 1,
        };
      });
    },
  };
}

export type AttendanceReportRepository = ReturnType<typeof attendanceReportRepository>;
