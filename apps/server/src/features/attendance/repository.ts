/** The student roster and attendance: all the SQL of the attendance domain. */
import type { AttendanceMark, AttendanceRecord, AttendanceStatus, RosterStudent } from '@campus/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/ids';

export interface Page {
  limit: number;
  offset: number;
}

export interface MarkInput {
  rollNo: number;
  status: AttendanceStatus;
}

export type MarkResult = { ok: true; count: number } | { ok: false; unknownRollNos: number[] };

export function attendanceRepository(db: Db) {
  return {
    /** Students by roll number, optionally of one group. */
    async listRoster(filter: { group?: string | undefined }, page: Page): Promise<RosterStudent[]> {
      let query = db
        .selectFrom('students')
        .select(['account_id', 'name', 'roll_no', 'group_name'])
        .orderBy('roll_no')
        .limit(page.limit)
        .offset(page.offset);
      if (filter.group !== undefined) query = query.where('group_name', '=', filter.group);
      const rows = await query.execute();
      return rows.map((r) => ({ _id: r.account_id, name: r.name, RollNo: r.roll_no, group: r.group_name }));
    },

    async studentExists(rollNo: number): Promise<boolean> {
      const row = await db
        .selectFrom('students')
        .select('roll_no')
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks one day for many students in one transaction: checks every roll number in one query, then
     * upserts every record (marking a student again on the same day replaces that day's mark). When any
     * roll number is unknown nothing is written.
     */
    async mark(date: string, records: readonly MarkInput[], markedBy: string): Promise<MarkResult> {
      const rollNos = records.map((r) => r.rollNo);
      return db.transaction().execute(async (trx): Promise<MarkResult> => {
        const known = await trx
          .selectFrom('students')
          .select('roll_no')
          .where('roll_no', 'in', rollNos)
          .execute();
        const knownSet = new Set(known.map((r) => r.roll_no));
        const unknownRollNos = rollNos.filter((rollNo) => !knownSet.has(rollNo));
        if (unknownRollNos.length > 0) return { ok: false, unknownRollNos };
        const markedAt = nowIso();
        await trx
          .insertInto('attendance')
          .values(
            records.map((r) => ({
              roll_no: r.rollNo,
              date,
              status: r.status,
              marked_by: markedBy,
              marked_at: markedAt,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['roll_no', 'date']).doUpdateSet((eb) => ({
              status: eb.ref('excluded.status'),
              marked_by: eb.ref('excluded.marked_by'),
              marked_at: eb.ref('excluded.marked_at'),
            })),
          )
          .execute();
        return { ok: true, count: records.length };
      });
    },

    /** The marks already given on one day to one group's students, by roll number. */
    async marksForGroup(group: string, date: string, page: Page): Promise<AttendanceMark[]> {
      const rows = await db
        .selectFrom('attendance')
        .innerJoin('students', 'students.roll_no', 'attendance.roll_no')
        .select(['attendance.roll_no', 'attendance.status'])
        .where('students.group_name', '=', group)
        .where('attendance.date', '=', date)
        .orderBy('attendance.roll_no')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map((r) => ({ studentId: r.roll_no, status: r.status }));
    },

    /** One student's attendance, newest day first. */
    async history(rollNo: number, page: Page): Promise<AttendanceRecord[]> {
      return db
        .selectFrom('attendance')
        .select(['date', 'status'])
        .where('roll_no', '=', rollNo)
        .orderBy('date', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },
  };
}

export type AttendanceRepository = ReturnType<typeof attendanceRepository>;
