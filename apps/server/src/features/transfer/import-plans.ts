/**
 * Each kind's rows compared with what is stored: which are created, updated or unchanged, which
 * clash with another role's User ID or name what does not exist, and the writes that make it so.
 */
import type { ImportCounts, ImportKind, ImportProblem, OneTimeCredential, Role } from '@campus/contract';
import { hashOneTimePassword, newOneTimePassword } from '../../lib/passwords';
import { newId } from '../../lib/ids';
import type { CheckedRow, GuardRow, KindRows, StudentRow, TeacherRow } from './import-kinds';
import type { ImportContext } from './import-context';
import type { ImportRepository, StoredAccount, Value } from './import-repository';
import { planGuardians } from './import-guardians';
import { planTimetable } from './import-timetable';

export interface Plan {
  counts: ImportCounts;
  newGroups: string[];
  /** Courses a timetable file adds. */
  newCourses?: string[];
  problems: ImportProblem[];
  /** Rows the writes put in, over all tables: the length of the progress bar. */
  writes: number;
  /** Writes the plan in the caller's transaction; answers the one-time passwords it gave out. */
  write(
    repo: ImportRepository,
    progress: (phase: string, rows: number) => void,
  ): Promise<OneTimeCredential[]>;
}

export type Planner<K extends ImportKind> = (
  rows: CheckedRow<KindRows[K]>[],
  repo: ImportRepository,
  context: ImportContext,
) => Promise<Plan>;

const A_OR_AN = (role: Role) => (role === 'admin' ? 'an admin' : `a ${role}`);
const unique = <T>(items: Iterable<T>) => [...new Set(items)];
const iso = (ms: number) => new Date(ms).toISOString();

/** A student's or mentor's User ID that the stored account of another role already has. */
function clash(
  row: number,
  field: string,
  id: number,
  account: StoredAccount,
  expected: Role,
): ImportProblem {
  return {
    row,
    field,
    problem: `${id} is already the User ID of ${A_OR_AN(account.role)}, not ${A_OR_AN(expected)}`,
  };
}

/** Rows that must name a stored student (marks, attendance) or teacher (mentor assignments). */
function mustExist(row: number, field: string, id: number, account: StoredAccount | undefined, role: Role) {
  if (!account) return { row, field, problem: `no ${role} has the User ID ${id}` };
  if (account.role !== role) return clash(row, field, id, account, role);
  return undefined;
}

async function groupsToCreate(repo: ImportRepository, named: Iterable<string>): Promise<string[]> {
  const groups = unique(named);
  const existing = await repo.existingGroups(groups);
  return groups.filter((g) => !existing.has(g)).sort();
}

async function writeGroups(repo: ImportRepository, groups: string[], now: string, progress: Progress) {
  if (groups.length === 0) return;
  const w = await repo.writer('groups', ['name', 'created_at'], (n) => progress('groups', n), {
    key: ['name'],
    action: 'ignore',
  });
  for (const group of groups) await w.add(group, now);
  await w.flush();
}

type Progress = (phase: string, rows: number) => void;

/** An optional text column: the file's value when it has the column, the stored one otherwise. */
const keep = (given: string | null | undefined, stored: string | null) =>
  given === undefined ? stored : given;

/**
 * Students and teachers: new User IDs are created with a one-time password each; stored ones of
 * the same role get the file's fields (their passwords stay); another role's User ID is a problem.
 */
function peoplePlanner<R extends StudentRow | TeacherRow | GuardRow>(options: {
  role: 'student' | 'teacher' | 'guard';
  idField: string;
  idOf: (row: R) => number;
  table: 'students' | 'teachers' | 'guards';
  columns: readonly string[];
  /** The stored row's cells in `columns` order after the account id, and the file's row over them. */
  load: (repo: ImportRepository, ids: number[]) => Promise<Map<number, Record<string, Value>>>;
  cells: (row: R, stored: Record<string, Value> | undefined) => Value[];
  groupOf?: (row: R) => string;
}): Planner<ImportKind> {
  return async (rows, repo, context) => {
    const typed = rows as unknown as CheckedRow<R>[];
    const ids = typed.map((r) => options.idOf(r.value));
    const accounts = await repo.accounts(ids);
    const stored = await options.load(repo, ids);
    const problems: ImportProblem[] = [];
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const writes: { accountId: string; cells: Value[]; created: R | undefined }[] = [];
    for (const { row, value } of typed) {
      const id = options.idOf(value);
      const account = accounts.get(id);
      if (account && account.role !== options.role) {
        problems.push(clash(row, options.idField, id, account, options.role));
        continue;
      }
      const before = stored.get(id);
      const cells = options.cells(value, before);
      if (!account || !before) {
        counts.created++;
        writes.push({ accountId: account?.id ?? newId(), cells, created: account ? undefined : value });
      } else if (options.columns.some((column, i) => before[column] !== cells[i])) {
        counts.updated++;
        writes.push({ accountId: account.id, cells, created: undefined });
      } else counts.unchanged++;
    }
    const newGroups = options.groupOf
      ? await groupsToCreate(
          repo,
          typed.map((r) => options.groupOf!(r.value)),
        )
      : [];
    const accountsToCreate = writes.filter((w) => w.created).length;
    return {
      counts,
      newGroups,
      problems,
      writes: newGroups.length + accountsToCreate + writes.length,
      async write(repo, progress) {
        const now = iso(context.now);
        await writeGroups(repo, newGroups, now, progress);
        const credentials: OneTimeCredential[] = [];
        const accountWriter = await repo.writer(
          'accounts',
          ['id', 'login_id', 'role', 'password_hash', 'created_at', 'must_change_password'],
          (n) => progress('accounts', n),
        );
        for (const w of writes) {
          if (!w.created) continue;
          const oneTimePassword = newOneTimePassword();
          const userId = options.idOf(w.created);
          credentials.push({ userId, name: w.created.name, oneTimePassword });
          await accountWriter.add(
            w.accountId,
            userId,
            options.role,
            hashOneTimePassword(oneTimePassword),
            now,
            1,
          );
        }
        await accountWriter.flush();
        const people = await repo.writer(
          options.table,
          ['account_id', ...options.columns],
          (n) => progress(options.table, n),
          { key: [options.columns[0]!], action: 'update', keep: ['account_id'] },
        );
        for (const w of writes) await people.add(w.accountId, ...w.cells);
        await people.flush();
        return credentials;
      },
    };
  };
}

const STUDENT_COLUMNS = [
  'roll_no',
  'name',
  'father_name',
  'mother_name',
  'gender',
  'dob',
  'category',
  'phone_no',
  'email',
  'group_name',
  'guardian_name',
  'guardian_email',
] as const;

const planStudents = peoplePlanner<StudentRow>({
  role: 'student',
  idField: 'RollNo',
  idOf: (r) => r.RollNo,
  table: 'students',
  columns: STUDENT_COLUMNS,
  load: async (repo, ids) => await repo.students(ids),
  cells: (r, s) => [
    r.RollNo,
    r.name,
    keep(r.FatherName, (s?.father_name as string | null) ?? null),
    keep(r.MotherName, (s?.mother_name as string | null) ?? null),
    keep(r.Gender, (s?.gender as string | null) ?? null),
    keep(r.Dob, (s?.dob as string | null) ?? null),
    keep(r.Category, (s?.category as string | null) ?? null),
    keep(r.phoneNo, (s?.phone_no as string | null) ?? null),
    r.email,
    r.group,
    keep(r.GuardianName, (s?.guardian_name as string | null) ?? null),
    keep(r.GuardianEmail, (s?.guardian_email as string | null) ?? null),
  ],
  groupOf: (r) => r.group,
});

const planTeachers = peoplePlanner<TeacherRow>({
  role: 'teacher',
  idField: 'teacherId',
  idOf: (r) => r.teacherId,
  table: 'teachers',
  columns: ['teacher_id', 'name', 'gender', 'dob', 'phone_no', 'email'],
  load: async (repo, ids) => await repo.teachers(ids),
  cells: (r, s) => [
    r.teacherId,
    r.name,
    keep(r.Gender, (s?.gender as string | null) ?? null),
    keep(r.Dob, (s?.dob as string | null) ?? null),
    keep(r.phoneNo, (s?.phone_no as string | null) ?? null),
    r.email,
  ],
});

/** Guards (the gate desk): created like teachers, with a one-time password each. */
const planGuards = peoplePlanner<GuardRow>({
  role: 'guard',
  idField: 'guardId',
  idOf: (r) => r.guardId,
  table: 'guards',
  columns: ['guard_id', 'name', 'phone_no', 'email'],
  load: async (repo, ids) => await repo.guards(ids),
  cells: (r, s) => [r.guardId, r.name, keep(r.phoneNo, (s?.phone_no as string | null) ?? null), r.email],
});

/** Mentor assignments are added: a teacher keeps the groups the file does not name. */
const planMentors: Planner<'mentors'> = async (rows, repo, context) => {
  const accounts = await repo.accounts(rows.map((r) => r.value.teacherId));
  const stored = await repo.mentorships(unique([...accounts.values()].map((a) => a.id)));
  const problems: ImportProblem[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const pairs: [string, string][] = [];
  for (const { row, value } of rows) {
    const account = accounts.get(value.teacherId);
    const problem = mustExist(row, 'teacherId', value.teacherId, account, 'teacher');
    if (problem) problems.push(problem);
    else if (stored.has(`${account!.id}|${value.group}`)) counts.unchanged++;
    else {
      counts.created++;
      pairs.push([account!.id, value.group]);
    }
  }
  const newGroups = await groupsToCreate(
    repo,
    rows.map((r) => r.value.group),
  );
  return {
    counts,
    newGroups,
    problems,
    writes: newGroups.length + pairs.length,
    async write(repo, progress) {
      await writeGroups(repo, newGroups, iso(context.now), progress);
      const w = await repo.writer(
        'teacher_groups',
        ['teacher_account_id', 'group_name'],
        (n) => progress('mentor assignments', n),
        { key: ['teacher_account_id', 'group_name'], action: 'ignore' },
      );
      for (const [account, group] of pairs) await w.add(account, group);
      await w.flush();
      return [];
    },
  };
};

const MARK_COLUMNS = [
  ['10th %age', 'tenth_percent'],
  ['12th %age', 'twelfth_percent'],
  ['Sem-1 SGPA', 'sem1_sgpa'],
  ['Sem-2 SGPA', 'sem2_sgpa'],
  ['Sem-3 SGPA', 'sem3_sgpa'],
  ['Sem-4 SGPA', 'sem4_sgpa'],
  ['CGPA', 'cgpa'],
] as const;

const planMarks: Planner<'marks'> = async (rows, repo) => {
  const ids = rows.map((r) => r.value.RollNo);
  const accounts = await repo.accounts(ids);
  const stored = await repo.performance(ids);
  const problems: ImportProblem[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const records: Value[][] = [];
  for (const { row, value } of rows) {
    const problem = mustExist(row, 'RollNo', value.RollNo, accounts.get(value.RollNo), 'student');
    if (problem) {
      problems.push(problem);
      continue;
    }
    const cells: Value[] = [
      value.RollNo,
      ...MARK_COLUMNS.map(([mark]) => value.marks[mark]),
      value.marks.cgpaSource,
    ];
    const before = stored.get(value.RollNo);
    if (!before) counts.created++;
    else if (
      MARK_COLUMNS.some(([mark, column]) => before[column] !== value.marks[mark]) ||
      before.cgpa_source !== value.marks.cgpaSource
    )
      counts.updated++;
    else {
      counts.unchanged++;
      continue;
    }
    records.push(cells);
  }
  return {
    counts,
    newGroups: [],
    problems,
    writes: records.length,
    async write(repo, progress) {
      const w = await repo.writer(
        'performance',
        ['roll_no', ...MARK_COLUMNS.map(([, column]) => column), 'cgpa_source'],
        (n) => progress('marks', n),
        { key: ['roll_no'], action: 'update' },
      );
      for (const cells of records) await w.add(...cells);
      await w.flush();
      return [];
    },
  };
};

/** Past attendance: days up to today, marked by the importer; a day marked again takes the file's status. */
const planAttendance: Planner<'attendance'> = async (rows, repo, context) => {
  const today = iso(context.now).slice(0, 10);
  const ids = unique(rows.map((r) => r.value.RollNo));
  const accounts = await repo.accounts(ids);
  const dates = rows.map((r) => r.value.date).sort();
  const stored = dates.length
    ? await repo.attendance(ids, dates[0]!, dates.at(-1)!)
    : new Map<string, string>();
  const problems: ImportProblem[] = [];
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const marks: [number, string, string][] = [];
  for (const { row, value } of rows) {
    const problem = mustExist(row, 'RollNo', value.RollNo, accounts.get(value.RollNo), 'student');
    if (problem) problems.push(problem);
    else if (value.date > today) problems.push({ row, field: 'date', problem: `is after today (${today})` });
    else {
      const before = stored.get(`${value.RollNo}|${value.date}`);
      if (before === value.status) counts.unchanged++;
      else {
        if (before === undefined) counts.created++;
        else counts.updated++;
        marks.push([value.RollNo, value.date, value.status]);
      }
    }
  }
  return {
    counts,
    newGroups: [],
    problems,
    writes: marks.length,
    async write(repo, progress) {
      const markedAt = iso(context.now);
      const w = await repo.writer(
        'attendance',
        ['roll_no', 'date', 'status', 'marked_by', 'marked_at'],
        (n) => progress('attendance', n),
        { key: ['roll_no', 'date'], action: 'update' },
      );
      for (const [rollNo, date, status] of marks)
        await w.add(rollNo, date, status, context.importer.accountId, markedAt);
      await w.flush();
      return [];
    },
  };
};

export const PLANNERS: { [K in ImportKind]: Planner<K> | Planner<ImportKind> } = {
  students: planStudents,
  teachers: planTeachers,
  guards: planGuards,
  mentors: planMentors,
  marks: planMarks,
  attendance: planAttendance,
  timetable: planTimetable,
  guardians: planGuardians,
};
