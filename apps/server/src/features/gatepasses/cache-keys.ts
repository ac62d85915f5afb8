/** The gate passes feature's cached reads, and the rows its writes change (decision record 0080). */
import type { GatePassSort, GatePassStatus, SortOrder } from '@campus/contract';
import { existingRowsOf, rowsOf, type WrittenRows } from '../../db/changes';
import type { MenteeRows } from '../../db/mentees';
import { cachedRead } from '../../db/read-cache';
import type { Page } from '../../lib/lists';
import type { ListView } from './repository';

/** A staff list as asked for, and the mentees it follows when it is a mentor's work list. */
export interface StaffList {
  status: GatePassStatus;
  group: string | undefined;
  mentoredBy: string | undefined;
  mentees: MenteeRows | undefined;
  sort: GatePassSort;
  order: SortOrder;
}

/** A pass's state at the gate is read on the campus's clock, whose zone is a campus setting. */
const CLOCK = 'campus_settings';

export const gatepassKeys = {
  /**
   * A page of one student's passes, on the campus's `day` (a pass's state at the gate changes with
   * the day): it follows the student's own passes alone.
   */
  own: (day: string, view: ListView, status: GatePassStatus, rollNo: number, { limit, offset }: Page) =>
    cachedRead(
      ['gatepasses', day, view, status, rollNo, limit ?? 'all', offset],
      [rowsOf('gate_passes', rollNo), 'students', 'teachers', CLOCK],
    ),
  /**
   * A page of the staff list on `day`. A mentor's work list follows only their mentees' passes. A
   * pass is applied for pending: the other lists follow the passes already there, and stay in memory
   * while students apply.
   */
  staff: (day: string, view: ListView, list: StaffList, { limit, offset }: Page) => {
    const { status, group, mentoredBy, mentees, sort, order } = list;
    return cachedRead(
      [
        'gatepasses-staff',
        day,
        view,
        status,
        group,
        mentoredBy,
        mentees?.key,
        sort,
        order,
        limit ?? 'all',
        offset,
      ],
      mentees
        ? mentees.sources(['gate_passes'], ['students', 'teachers', 'teacher_groups', CLOCK])
        : [
            status === 'pending' ? 'gate_passes' : existingRowsOf('gate_passes'),
            'students',
            'teachers',
            CLOCK,
          ],
    );
  },
};

export const gatepassWrites = {
  /** A decision (or a close) changes only the passes' students' rows. */
  passesOf: (rollNos: readonly number[]): WrittenRows => ({ gate_passes: rollNos }),
  /** A new pass: its student's rows, and the notifications of the mentors it tells. */
  applied: (rollNo: number, toldAccountIds?: readonly string[]): WrittenRows => ({
    gate_passes: [rollNo],
    ...(toldAccountIds && { notifications: toldAccountIds }),
  }),
};
