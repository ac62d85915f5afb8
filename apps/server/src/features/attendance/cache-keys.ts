/** The attendance feature's cached reads, and the rows its marks change (decision record 0080). */
import { rowsOf, type WrittenRows } from '../../db/changes';
import type { MenteeRows } from '../../db/mentees';
import { cachedRead, type CachedSource } from '../../db/read-cache';
import type { Page } from '../../lib/lists';

export const attendanceKeys = {
  /** The campus's class hours: a pass excuses a day by the time out within them. */
  classHours: () => cachedRead(['class-hours'], ['campus_settings']),
  /** The group a student is in. */
  groupOf: (rollNo: number) => cachedRead(['student-group', rollNo], ['students']),
  /**
   * A group's marks of a day. A page from the top as long as the group or longer holds the whole
   * group, whatever its size: such pages share one key, the one a mark keeps.
   */
  marks: (group: string, date: string, students: MenteeRows, limit?: number, offset = 0) => {
    const whole = offset === 0 && (limit === undefined || students.rollNos.length <= limit);
    return cachedRead(
      ['attendance-marks', group, date, students.key, ...(whole ? ['whole'] : [limit, offset])],
      students.sources(['attendance'], ['students']),
    );
  },
  /** A group's leave and passes of a day, which decide who a mark keeps On leave. */
  away: (group: string, date: string, students: MenteeRows) =>
    cachedRead(
      ['attendance-away', group, date, students.key],
      students.sources(['gate_passes'], ['leave_applications']),
    ),
  /** A page of one student's history, newest first. */
  history: (rollNo: number, { limit, offset }: Page) =>
    cachedRead(['attendance', rollNo, limit ?? 'all', offset], ['students', rowsOf('attendance', rollNo)]),
};

export const attendanceWrites = {
  /** A mark changes only its students' rows: every other student's history stays in memory. */
  marks: (rollNos: readonly number[]): WrittenRows => ({ attendance: rollNos }),
  /**
   * What a mark's outcome is made of, stamped before the mark reads anything (`ReadCache.stampBefore`):
   * the students, and the marked students' rows.
   */
  marked: (rollNos: readonly number[]): readonly CachedSource[] => [
    'students',
    ...rollNos.map((rollNo) => rowsOf('attendance', rollNo)),
  ],
};
