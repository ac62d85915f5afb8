/** What a timetable file holds: one weekly period a row, its cells checked as the period form's are. */
import {
  CourseCodeCellSchema,
  CourseNameCellSchema,
  CreditsCellSchema,
  GroupCellSchema,
  OptionalUserIdCellSchema,
  RoomCellSchema,
  TimeCellSchema,
  WeekdayCellSchema,
  weekdayName,
} from '@campus/contract';
import type { TimetableFileRow } from '../timetable/import';
import type { KindSpec, Values } from './import-kinds';

export type TimetableRow = TimetableFileRow;

// A column left out of the file reads as empty.
const textOrNull = (value: unknown) => (value ?? null) as string | null;
const numberOrNull = (value: unknown) => (value ?? null) as number | null;

export const TIMETABLE: KindSpec<TimetableRow> = {
  cells: {
    course_code: CourseCodeCellSchema,
    course_name: CourseNameCellSchema,
    credits: CreditsCellSchema,
    group: GroupCellSchema,
    teacher_id: OptionalUserIdCellSchema,
    weekday: WeekdayCellSchema,
    start: TimeCellSchema,
    end: TimeCellSchema,
    room: RoomCellSchema,
  },
  build: (v: Values) => ({
    course_code: v.course_code as string,
    course_name: textOrNull(v.course_name),
    credits: numberOrNull(v.credits),
    group: v.group as string,
    teacher_id: numberOrNull(v.teacher_id),
    weekday: v.weekday as number,
    start: v.start as string,
    end: v.end as string,
    room: v.room as string,
  }),
  check: (row) =>
    row.start < row.end ? undefined : { field: 'end', problem: `must be after start (${row.start})` },
  key: (row) => [row.course_code, row.group, row.weekday, row.start, row.end, row.room].join('\u0000'),
  duplicate: (row, first) => ({
    field: 'start',
    problem: `repeats row ${first}: ${row.course_code} for ${row.group} on ${weekdayName(row.weekday)} ${row.start}–${row.end} in ${row.room}`,
  }),
};
