/**
 * Importing people, mentor assignments, marks, past attendance and the timetable from CSV files, and
 * exporting lists as CSV (decision record 0016). The columns of each kind are the SPEC §3 field names; the
 * cell rules are shared by the server's check and anything that wants to explain them.
 */
import { z } from 'zod';
import { IsoDateSchema, TimeSchema, requiredText } from './common.js';
import { ATTENDANCE_STATUSES, EARLIEST_ATTENDANCE_DATE } from './constants.js';
import { MARK_FIELDS } from './marks.js';
import { GROUP_NAME_MAX, GroupNameSchema, refuseHiddenCharacters } from './text-rules.js';
import { CourseCodeSchema, WEEKDAY_NAMES } from './timetable.js';

export const IMPORT_KINDS = [
  'students',
  'teachers',
  'mentors',
  'marks',
  'attendance',
  'guards',
  'timetable',
  'guardians',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The largest file an import reads (bytes); more is refused with 413. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** The most data rows an import reads; more is refused with 413 before the rest is read. */
export const IMPORT_MAX_ROWS = 100_000;
/**
 * The most cells a row may have: every kind has at most 10 columns, and an export or a spreadsheet
 * may add some; more is refused with 413 as soon as the parser passes it (a "comma bomb").
 */
export const IMPORT_MAX_COLUMNS = 256;
/** The longest cell (characters) a file may hold, in any column; more is refused with 413. */
export const IMPORT_MAX_CELL_CHARS = 10_000;
/** A report lists at most this many problems; `errorCount` says how many there were. */
export const IMPORT_MAX_LISTED_ERRORS = 1000;

/** What each kind is called on screens and in messages. */
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  students: 'Students',
  teachers: 'Teachers',
  mentors: 'Mentor assignments',
  marks: 'Marks',
  attendance: 'Past attendance',
  guards: 'Guards',
  timetable: 'Timetable (weekly periods)',
  guardians: 'Guardians (one row a child)',
};

export interface ImportColumn {
  /** The SPEC §3 field name, as the first row of the file names it. */
  name: string;
  required: boolean;
}

const column = (name: string, required = false): ImportColumn => ({ name, required });

/** The columns of each kind, in the order an export writes them. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  students: [
    column('RollNo', true),
    column('name', true),
    column('FatherName'),
    column('MotherName'),
    column('Gender'),
    column('Dob'),
    column('Category'),
    column('phoneNo'),
    column('email', true),
    column('group', true),
    // Optional: the guardian the campus may email (decision record 0034).
    column('GuardianName'),
    column('GuardianEmail'),
  ],
  teachers: [
    column('teacherId', true),
    column('name', true),
    column('Gender'),
    column('Dob'),
    column('phoneNo'),
    column('email', true),
  ],
  mentors: [column('teacherId', true), column('group', true)],
  marks: [column('RollNo', true), ...MARK_FIELDS.map((field) => column(field, true)), column('CGPA')],
  attendance: [column('RollNo', true), column('date', true), column('status', true)],
  guards: [column('guardId', true), column('name', true), column('phoneNo'), column('email', true)],
  // One weekly period a row. course_name and credits add a course the campus does not have yet;
  // teacher_id is needed for a course's first period in a group, and hands the teaching over after.
  timetable: [
    column('course_code', true),
    column('course_name'),
    column('credits'),
    column('group', true),
    column('teacher_id'),
    column('weekday', true),
    column('start', true),
    column('end', true),
    column('room', true),
  ],
  // One row a link: a guardian of two children is two rows with the same email (decision record 0093).
  guardians: [
    column('guardianId'),
    column('name', true),
    column('email', true),
    column('phoneNo'),
    column('relation', true),
    column('RollNo', true),
  ],
};

/** What a kind's cells hold beyond their names, where that is not plain. */
export const IMPORT_KIND_NOTES: Partial<Record<ImportKind, string>> = {
  guardians:
    'One row a child: a guardian of two children is two rows with the same email, and becomes one account with two links. guardianId may be left empty: the portal gives the next free guardian User ID. RollNo must name a student the campus has; relation is how the family says it (Mother, Father, Uncle).',
  timetable:
    'One weekly period a row. weekday is 1 to 7 or Mon to Sun; start and end are times such as 09:00. course_name and credits add a course the campus does not have yet. teacher_id is needed for a course’s first period in a group. The groups and teachers must exist; a period that puts a group, a teacher or a room in two places at once is refused.',
};

/**
 * How a header cell is compared: case, spaces and punctuation do not count, so `Roll No`,
 * `roll_no` and `RollNo` name one column, and `10th %age` is `10th age`.
 */
export const headerKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

// ------------------------------------------------------------------ cell rules

const ID_MAX = 999_999_999;
/** A User ID as a file spells it: digits only. */
export const UserIdCellSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .regex(/^\d{1,9}$/, { error: `must be a whole number from 1 to ${ID_MAX}` })
  .transform(Number)
  .refine((id) => id >= 1, { error: `must be a whole number from 1 to ${ID_MAX}` });

// Every text cell keeps to the rule of text-rules.ts (no control or direction characters), as the
// API's fields do: an import cannot store what a form would refuse.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .superRefine(refuseHiddenCharacters)
    .transform((text) => (text === '' ? null : text));

export const PERSON_TEXT_MAX = 100;

export const PersonNameCellSchema = requiredText(PERSON_TEXT_MAX).superRefine(refuseHiddenCharacters);
export const OptionalTextCellSchema = optionalText(PERSON_TEXT_MAX);
/** The API's group name rule itself: an import creates no group that `POST /api/groups` would refuse. */
export const GroupCellSchema = GroupNameSchema;
export const EmailCellSchema = requiredText(254)
  .superRefine(refuseHiddenCharacters)
  .pipe(z.email({ error: 'must be a valid email' }));
/** An email cell that may be empty (null), such as a guardian's. */
export const OptionalEmailCellSchema = z
  .string()
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .transform((text) => (text === '' ? null : text.toLowerCase()))
  .pipe(z.email({ error: 'must be a valid email' }).nullable());
export const DobCellSchema = z
  .string()
  .trim()
  .transform((text) => (text === '' ? null : text))
  .pipe(IsoDateSchema.nullable());
export const PhoneCellSchema = z
  .string()
  .trim()
  .transform((text) => (text === '' ? null : text))
  .pipe(
    z
      .string()
      .regex(/^\+?[\d][\d -]{5,18}\d$/, {
        error: 'must be a phone number (digits, spaces, - and a leading +)',
      })
      .nullable(),
  );
/** A day of past attendance, from EARLIEST_ATTENDANCE_DATE on; the server checks it is not in the future. */
export const AttendanceDateCellSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .pipe(IsoDateSchema)
  .refine((date) => date >= EARLIEST_ATTENDANCE_DATE, {
    error: `must be on or after ${EARLIEST_ATTENDANCE_DATE}`,
  });
/** Present or Absent, in any case. */
export const AttendanceStatusCellSchema = z
  .string()
  .trim()
  .transform((text) => ATTENDANCE_STATUSES.find((s) => s.toLowerCase() === text.toLowerCase()) ?? text)
  .pipe(z.enum(ATTENDANCE_STATUSES, { error: 'must be Present or Absent' }));

// ------------------------------------------------------------------ timetable cells

const WEEKDAY_CELL_PROBLEM = 'must be 1 (Monday) to 7 (Sunday), or a day such as Mon or Monday';

/** A weekday as a file may spell it: 1 to 7, `Mon` … `Sun` or the whole name, in any case. */
export function weekdayOfCell(cell: string): number | undefined {
  const text = cell.trim().toLowerCase();
  if (/^[1-7]$/.test(text)) return Number(text);
  const index = WEEKDAY_NAMES.findIndex(
    (name) => name.toLowerCase() === text || name.slice(0, 3).toLowerCase() === text,
  );
  return index < 0 ? undefined : index + 1;
}

export const WeekdayCellSchema = z.string().transform((cell, ctx) => {
  const weekday = weekdayOfCell(cell);
  if (weekday !== undefined) return weekday;
  ctx.addIssue({ code: 'custom', message: cell.trim() === '' ? 'is required' : WEEKDAY_CELL_PROBLEM });
  return z.NEVER;
});

/** A time of day; a spreadsheet's `9:00` or `09:00:00` is read as `09:00`. */
export const TimeCellSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required', abort: true })
  .transform((text) => {
    const parts = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text);
    return parts ? `${parts[1]!.padStart(2, '0')}:${parts[2]!}` : text;
  })
  .pipe(TimeSchema);

export const CourseCodeCellSchema = CourseCodeSchema;
/** A course's name: read only to add a course the campus does not have yet. */
export const CourseNameCellSchema = optionalText(100);
const CREDITS_PROBLEM = 'must be a whole number from 0 to 20';
/** A new course's credits, as the course form takes them; empty is null. */
export const CreditsCellSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return null;
    if (/^\d{1,2}$/.test(text) && Number(text) <= 20) return Number(text);
    ctx.addIssue({ code: 'custom', message: CREDITS_PROBLEM });
    return z.NEVER;
  });
/** A teacher id that may be left empty (null): the course's teacher in the group stays. */
export const OptionalUserIdCellSchema = z
  .string()
  .trim()
  .transform((text) => (text === '' ? null : text))
  .pipe(UserIdCellSchema.nullable());
export const RoomCellSchema = requiredText(30).superRefine(refuseHiddenCharacters);

// ------------------------------------------------------------------ requests and answers

export const ImportKindParamsSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: `must be one of ${IMPORT_KINDS.join(', ')}` }),
});

/** One problem of one row: the row as the file numbers it (the header is row 1). */
export const ImportProblemSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  problem: z.string(),
  /** The offending cell as the file has it (cut to IMPORT_PROBLEM_VALUE_MAX characters); absent for a whole-row problem. */
  value: z.string().optional(),
});
export const IMPORT_PROBLEM_VALUE_MAX = 100;
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const ImportCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/** What a check (dry run) finds, and what an apply did. */
export const ImportReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** True when nothing was written. */
  dryRun: z.boolean(),
  /** Data rows read (blank lines are not rows). */
  rows: z.number().int(),
  counts: ImportCountsSchema,
  /** Groups the file names that do not exist yet: created with the import. */
  newGroups: z.array(z.string()),
  /** Courses a timetable file adds, by code. */
  newCourses: z.array(z.string()).optional(),
  /** Header cells that name no column of this kind: their cells are not read. */
  ignoredColumns: z.array(z.string()),
  /** At most IMPORT_MAX_LISTED_ERRORS problems, by row. */
  errors: z.array(ImportProblemSchema),
  errorCount: z.number().int(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** The refusal of an apply whose file has problems: nothing was written. */
export const ImportRefusalSchema = z.object({ message: z.string(), report: ImportReportSchema });
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

/** A one-time password of a person the import created, shown once and stored only as a hash. */
export const OneTimeCredentialSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  oneTimePassword: z.string(),
});
export type OneTimeCredential = z.infer<typeof OneTimeCredentialSchema>;

export const ImportApplyResponseSchema = z.object({
  message: z.string(),
  report: ImportReportSchema,
  credentials: z.array(OneTimeCredentialSchema),
});
export type ImportApplyResponse = z.infer<typeof ImportApplyResponseSchema>;

/** Asked with `Accept: application/x-ndjson`, an apply answers these lines as it goes. */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
export type ImportProgressLine =
  | { type: 'progress'; phase: string; done: number; total: number }
  | ({ type: 'done' } & ImportApplyResponse)
  | { type: 'error'; message: string };

// ------------------------------------------------------------------ exports

export const EXPORT_LISTS = ['students', 'teachers', 'mentors', 'marks', 'gatepasses', 'queries'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const EXPORT_LIST_LABELS: Record<ExportList, string> = {
  students: 'Students',
  teachers: 'Teachers',
  mentors: 'Mentor assignments',
  marks: 'Marks',
  gatepasses: 'Gate passes',
  queries: 'Queries',
};
/** `group` narrows students, marks and mentor assignments to one group. */
export const ExportQuerySchema = z.object({
  group: z
    .string()
    .trim()
    .min(1)
    .max(GROUP_NAME_MAX, { error: `must be at most ${GROUP_NAME_MAX} characters` })
    .optional(),
});
