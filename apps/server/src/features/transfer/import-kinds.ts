/**
 * What each kind of import file holds: its columns, how a header names them, and each row's cells
 * checked and turned into values. Nothing here reads the database; `importer.ts` compares the rows
 * with what is stored.
 */
import {
  AttendanceDateCellSchema,
  AttendanceStatusCellSchema,
  computeCgpa,
  DobCellSchema,
  EmailCellSchema,
  OptionalEmailCellSchema,
  GroupCellSchema,
  headerKey,
  IMPORT_COLUMNS,
  IMPORT_PROBLEM_VALUE_MAX,
  MARK_SCHEMAS,
  OptionalTextCellSchema,
  PERFORMANCE_SEMESTER_KEYS,
  PersonNameCellSchema,
  PhoneCellSchema,
  UserIdCellSchema,
  type AttendanceStatus,
  type ImportKind,
  type ImportProblem,
  type MarksUpdate,
  withoutFormulaGuard,
} from '@campus/contract';
import type { z } from 'zod';
import { CsvInputError } from '../../lib/csv-parser';
import { GUARDIANS, type GuardianRow } from './guardians-kind';
import { TIMETABLE, type TimetableRow } from './timetable-kind';

/** A text column left out of the file is `undefined`: an update keeps what is stored. */
type Optional = string | null | undefined;

export interface StudentRow {
  RollNo: number;
  name: string;
  FatherName: Optional;
  MotherName: Optional;
  Gender: Optional;
  Dob: Optional;
  Category: Optional;
  phoneNo: Optional;
  email: string;
  group: string;
  GuardianName: Optional;
  GuardianEmail: Optional;
}
export interface TeacherRow {
  teacherId: number;
  name: string;
  Gender: Optional;
  Dob: Optional;
  phoneNo: Optional;
  email: string;
}
export interface GuardRow {
  guardId: number;
  name: string;
  phoneNo: Optional;
  email: string;
}
export interface MentorRow {
  teacherId: number;
  group: string;
}
export interface MarksRow {
  RollNo: number;
  marks: MarksUpdate;
}
export interface AttendanceRow {
  RollNo: number;
  date: string;
  status: AttendanceStatus;
}
export interface KindRows {
  students: StudentRow;
  teachers: TeacherRow;
  mentors: MentorRow;
  marks: MarksRow;
  attendance: AttendanceRow;
  guards: GuardRow;
  timetable: TimetableRow;
  guardians: GuardianRow;
}

export type Values = Record<string, unknown>;
export interface KindSpec<T> {
  cells: Record<string, z.ZodType>;
  build(values: Values): T;
  /** A problem of the row as a whole once its cells are read (a period that ends before it starts). */
  check?(row: T): { field: string; problem: string } | undefined;
  /** Two rows with the same key say the same thing twice: the later one is a problem. */
  key(row: T): string;
  duplicate(row: T, firstRow: number): { field: string; problem: string };
}

const text = (values: Values, column: string) => values[column] as Optional;

const STUDENTS: KindSpec<StudentRow> = {
  cells: {
    RollNo: UserIdCellSchema,
    name: PersonNameCellSchema,
    FatherName: OptionalTextCellSchema,
    MotherName: OptionalTextCellSchema,
    Gender: OptionalTextCellSchema,
    Dob: DobCellSchema,
    Category: OptionalTextCellSchema,
    phoneNo: PhoneCellSchema,
    email: EmailCellSchema,
    group: GroupCellSchema,
    GuardianName: OptionalTextCellSchema,
    GuardianEmail: OptionalEmailCellSchema,
  },
  build: (v) => ({
    RollNo: v.RollNo as number,
    name: v.name as string,
    FatherName: text(v, 'FatherName'),
    MotherName: text(v, 'MotherName'),
    Gender: text(v, 'Gender'),
    Dob: text(v, 'Dob'),
    Category: text(v, 'Category'),
    phoneNo: text(v, 'phoneNo'),
    email: v.email as string,
    group: v.group as string,
    GuardianName: text(v, 'GuardianName'),
    GuardianEmail: text(v, 'GuardianEmail'),
  }),
  key: (row) => String(row.RollNo),
  duplicate: (row, first) => ({
    field: 'RollNo',
    problem: `${row.RollNo} appears again (first on row ${first})`,
  }),
};

const TEACHERS: KindSpec<TeacherRow> = {
  cells: {
    teacherId: UserIdCellSchema,
    name: PersonNameCellSchema,
    Gender: OptionalTextCellSchema,
    Dob: DobCellSchema,
    phoneNo: PhoneCellSchema,
    email: EmailCellSchema,
  },
  build: (v) => ({
    teacherId: v.teacherId as number,
    name: v.name as string,
    Gender: text(v, 'Gender'),
    Dob: text(v, 'Dob'),
    phoneNo: text(v, 'phoneNo'),
    email: v.email as string,
  }),
  key: (row) => String(row.teacherId),
  duplicate: (row, first) => ({
    field: 'teacherId',
    problem: `${row.teacherId} appears again (first on row ${first})`,
  }),
};

const MENTORS: KindSpec<MentorRow> = {
  cells: { teacherId: UserIdCellSchema, group: GroupCellSchema },
  build: (v) => ({ teacherId: v.teacherId as number, group: v.group as string }),
  key: (row) => `${row.teacherId}\u0000${row.group}`,
  duplicate: (row, first) => ({
    field: 'group',
    problem: `teacher ${row.teacherId} is assigned to ${row.group} again (first on row ${first})`,
  }),
};

/**
 * A CGPA left empty (or its column left out) is the mean of the SGPAs; one that equals that mean
 * is kept as computed too, so a file exported and imported again changes nothing. Any other CGPA
 * is kept as entered, as it stands on the transcript.
 */
function marksOf(v: Values): MarksUpdate {
  const sgpas = PERFORMANCE_SEMESTER_KEYS.map((key) => v[key] as number | null);
  const computed = computeCgpa(sgpas);
  const given = (v.CGPA ?? null) as number | null;
  const cgpaSource = given === null || given === computed ? 'computed' : 'entered';
  return {
    '10th %age': v['10th %age'] as number | null,
    '12th %age': v['12th %age'] as number | null,
    'Sem-1 SGPA': sgpas[0]!,
    'Sem-2 SGPA': sgpas[1]!,
    'Sem-3 SGPA': sgpas[2]!,
    'Sem-4 SGPA': sgpas[3]!,
    cgpaSource,
    CGPA: cgpaSource === 'computed' ? computed : given,
  };
}

const MARKS: KindSpec<MarksRow> = {
  cells: { RollNo: UserIdCellSchema, ...MARK_SCHEMAS },
  build: (v) => ({ RollNo: v.RollNo as number, marks: marksOf(v) }),
  key: (row) => String(row.RollNo),
  duplicate: (row, first) => ({
    field: 'RollNo',
    problem: `${row.RollNo} appears again (first on row ${first})`,
  }),
};

const ATTENDANCE: KindSpec<AttendanceRow> = {
  cells: { RollNo: UserIdCellSchema, date: AttendanceDateCellSchema, status: AttendanceStatusCellSchema },
  build: (v) => ({
    RollNo: v.RollNo as number,
    date: v.date as string,
    status: v.status as AttendanceStatus,
  }),
  key: (row) => `${row.RollNo}\u0000${row.date}`,
  duplicate: (row, first) => ({
    field: 'date',
    problem: `${row.RollNo} is marked on ${row.date} again (first on row ${first})`,
  }),
};

const GUARDS: KindSpec<GuardRow> = {
  cells: {
    guardId: UserIdCellSchema,
    name: PersonNameCellSchema,
    phoneNo: PhoneCellSchema,
    email: EmailCellSchema,
  },
  build: (v) => ({
    guardId: v.guardId as number,
    name: v.name as string,
    phoneNo: text(v, 'phoneNo'),
    email: v.email as string,
  }),
  key: (row) => String(row.guardId),
  duplicate: (row, first) => ({
    field: 'guardId',
    problem: `${row.guardId} appears again (first on row ${first})`,
  }),
};

const SPECS: { [K in ImportKind]: KindSpec<KindRows[K]> } = {
  students: STUDENTS,
  teachers: TEACHERS,
  mentors: MENTORS,
  marks: MARKS,
  attendance: ATTENDANCE,
  guards: GUARDS,
  timetable: TIMETABLE,
  guardians: GUARDIANS,
};

export interface Header {
  /** Each column of the kind the file has, and where. */
  columns: Map<string, number>;
  /** Header cells that name no column of the kind. */
  ignored: string[];
  width: number;
}

const columnList = (kind: ImportKind) => IMPORT_COLUMNS[kind].map((c) => c.name).join(', ');

/** The columns the first row names; a required one missing, or one named twice, refuses the file. */
export function readHeader(kind: ImportKind, cells: readonly string[] | undefined): Header {
  const known = new Map(IMPORT_COLUMNS[kind].map((c) => [headerKey(c.name), c.name]));
  if (!cells || cells.every((cell) => cell.trim() === '')) {
    throw new CsvInputError(
      400,
      `The file is empty; its first row must name the columns: ${columnList(kind)}`,
    );
  }
  const columns = new Map<string, number>();
  const ignored: string[] = [];
  cells.forEach((cell, index) => {
    const name = known.get(headerKey(cell));
    if (!name) {
      if (cell.trim() !== '') ignored.push(cell.trim());
      return;
    }
    const before = columns.get(name);
    if (before !== undefined) {
      throw new CsvInputError(
        400,
        `The column ${name} is named twice in the first row (columns ${before + 1} and ${index + 1})`,
      );
    }
    columns.set(name, index);
  });
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !columns.has(c.name)).map((c) => c.name);
  if (missing.length > 0) {
    const which = missing.length === 1 ? `column ${missing[0]}` : `columns ${missing.join(', ')}`;
    throw new CsvInputError(
      400,
      `The file has no ${which}. Its first row must name the columns of ${kind}: ${columnList(kind)} (${IMPORT_COLUMNS[
        kind
      ]
        .filter((c) => c.required)
        .map((c) => c.name)
        .join(', ')} required)`,
    );
  }
  return { columns, ignored, width: cells.length };
}

export interface CheckedRow<T> {
  row: number;
  value: T;
}

/**
 * Checks every cell of one data row. Answers its value, or the problems of its cells (a row with
 * more cells than the header is a problem too; fewer cells are read as empty).
 */
export function readRow<K extends ImportKind>(
  kind: K,
  header: Header,
  row: number,
  cells: readonly string[],
): { value: KindRows[K] } | { problems: ImportProblem[] } {
  const spec = SPECS[kind] as KindSpec<KindRows[K]>;
  const problems: ImportProblem[] = [];
  const extra = cells.slice(header.width).filter((cell) => cell.trim() !== '').length;
  if (extra > 0) {
    problems.push({
      row,
      field: '(row)',
      problem: `has ${cells.length} cells but the first row names ${header.width} columns`,
    });
  }
  const values: Values = {};
  for (const [column, index] of header.columns) {
    const parsed = spec.cells[column]!.safeParse(withoutFormulaGuard(cells[index] ?? ''));
    if (parsed.success) values[column] = parsed.data;
    else {
      problems.push({
        row,
        field: column,
        problem: parsed.error.issues[0]?.message ?? 'is not valid',
        value: shownValue(cells[index] ?? ''),
      });
    }
  }
  if (problems.length > 0) return { problems };
  const value = spec.build(values);
  const problem = spec.check?.(value);
  if (!problem) return { value };
  const shown = fieldValue(value, problem.field);
  return { problems: [{ row, ...problem, ...(shown === undefined ? {} : { value: shown }) }] };
}

/**
 * A cell as the report shows it beside its problem: as written, cut short when long, with control and
 * invisible formatting characters named ("<U+202E>") so that none reorders or hides the text around it.
 */
export function shownValue(cell: string): string {
  const cut = cell.length > IMPORT_PROBLEM_VALUE_MAX ? `${cell.slice(0, IMPORT_PROBLEM_VALUE_MAX)}…` : cell;
  return cut.replace(
    /[\p{Cc}\p{Cf}]/gu,
    (ch) => `<U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`,
  );
}

/** A checked row's value of one field, as the report shows it; undefined when it has none to show. */
export function fieldValue(row: object, field: string): string | undefined {
  const cell: unknown = Reflect.get(row, field);
  return typeof cell === 'string' || typeof cell === 'number' ? shownValue(String(cell)) : undefined;
}

/** Later rows that repeat an earlier row's key; the first stays and is checked as any other. */
export function findDuplicates<K extends ImportKind>(
  kind: K,
  rows: readonly CheckedRow<KindRows[K]>[],
): { unique: CheckedRow<KindRows[K]>[]; problems: ImportProblem[] } {
  const spec = SPECS[kind] as KindSpec<KindRows[K]>;
  const first = new Map<string, number>();
  const unique: CheckedRow<KindRows[K]>[] = [];
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const key = spec.key(row.value);
    const seen = first.get(key);
    if (seen === undefined) {
      first.set(key, row.row);
      unique.push(row);
    } else {
      const problem = spec.duplicate(row.value, seen);
      const value = fieldValue(row.value, problem.field);
      problems.push({ row: row.row, ...problem, ...(value === undefined ? {} : { value }) });
    }
  }
  return { unique, problems };
}
