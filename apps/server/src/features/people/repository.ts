/** Students, teachers and their groups: all the SQL of the people domain. Never selects a password. */
import { sql, type Selectable } from 'kysely';
import type {
  AccountStatus,
  ContactTeacher,
  PageQuery,
  SearchPageQuery,
  Student,
  StudentListQuery,
  Teacher,
} from '@campus/contract';
import type { Db } from '../../db/index';
import type { StudentsTable, TeachersTable } from '../../db/schema';
import { containsPattern } from '../../lib/like';
import { inChunks } from '../../lib/chunks';
import { listPage, mapItems, type Listed } from '../../lib/lists';

/** Name or number contains the search term, ignoring case, the same on SQLite and PostgreSQL. */
export function matches(nameColumn: string, numberColumn: string, term: string) {
  const pattern = containsPattern(term);
  return sql<boolean>`(lower(${sql.ref(nameColumn)}) like ${pattern} escape '\\' or cast(${sql.ref(numberColumn)} as text) like ${pattern} escape '\\')`;
}

const STUDENT_COLUMNS = [
  'account_id',
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

const TEACHER_COLUMNS = ['account_id', 'teacher_id', 'name', 'gender', 'dob', 'phone_no', 'email'] as const;

/** Whether the person's account is active: admins deactivate accounts and the records stay. */
interface WithStatus {
  deactivated_at: string | null;
}

/** Only active or only deactivated accounts, when a list asks for one of them. */
export function byStatus(status: AccountStatus | undefined) {
  return status === undefined
    ? undefined
    : status === 'active'
      ? sql<boolean>`accounts.deactivated_at is null`
      : sql<boolean>`accounts.deactivated_at is not null`;
}

export function toStudent(
  row: Omit<Selectable<StudentsTable>, 'guardian_name' | 'guardian_email'> &
    Partial<Pick<Selectable<StudentsTable>, 'guardian_name' | 'guardian_email'>> &
    WithStatus,
): Student {
  return {
    _id: row.account_id,
    RollNo: row.roll_no,
    name: row.name,
    FatherName: row.father_name,
    MotherName: row.mother_name,
    Gender: row.gender,
    Dob: row.dob,
    Category: row.category,
    phoneNo: row.phone_no,
    email: row.email,
    group: row.group_name,
    designation: 'student',
    active: row.deactivated_at === null,
    ...(row.guardian_name ? { guardianName: row.guardian_name } : {}),
    ...(row.guardian_email ? { guardianEmail: row.guardian_email } : {}),
  };
}

export function toTeacher(row: Selectable<TeachersTable> & WithStatus, groups: string[]): Teacher {
  return {
    _id: row.account_id,
    name: row.name,
    teacherId: row.teacher_id,
    Gender: row.gender,
    Dob: row.dob,
    phoneNo: row.phone_no,
    email: row.email,
    designation: 'teacher',
    groups,
    active: row.deactivated_at === null,
  };
}

/** Students with their account's status. */
const studentsWithStatus = (db: Db) =>
  db
    .selectFrom('students')
    .innerJoin('accounts', 'accounts.id', 'students.account_id')
    .select([...STUDENT_COLUMNS, 'accounts.deactivated_at']);

/** Teachers with their account's status. */
const teachersWithStatus = (db: Db) =>
  db
    .selectFrom('teachers')
    .innerJoin('accounts', 'accounts.id', 'teachers.account_id')
    .select([...TEACHER_COLUMNS, 'accounts.deactivated_at']);

export function peopleRepository(db: Db) {
  /** The mentored groups of a page of teachers, in one query per thousand teachers. */
  async function groupsOf(accountIds: string[]): Promise<Map<string, string[]>> {
    const groups = new Map<string, string[]>(accountIds.map((id) => [id, []]));
    await inChunks(accountIds, async (ids) => {
      const rows = await db
        .selectFrom('teacher_groups')
        .select(['teacher_account_id', 'group_name'])
        .where('teacher_account_id', 'in', ids)
        .orderBy('group_name')
        .execute();
      for (const row of rows) groups.get(row.teacher_account_id)?.push(row.group_name);
    });
    return groups;
  }

  return {
    /** By roll number; `search` matches inside the name or the roll number; `group` is exact. */
    async listStudents({ search, group, status, limit, offset }: StudentListQuery): Promise<Listed<Student>> {
      let query = studentsWithStatus(db).orderBy('roll_no');
      if (group) query = query.where('group_name', '=', group);
      if (search) query = query.where(matches('name', 'roll_no', search));
      const filter = byStatus(status);
      if (filter) query = query.where(filter);
      return mapItems(await listPage(query, { limit, offset }), toStudent);
    },

    async findStudent(rollNo: number, from: Db = db): Promise<Student | undefined> {
      const row = await studentsWithStatus(from).where('roll_no', '=', rollNo).executeTakeFirst();
      return row && toStudent(row);
    },

    /** By name; `search` matches inside the name or the teacher id. Two queries for any page size. */
    async listTeachers({
      search,
      status,
      limit,
      offset,
    }: SearchPageQuery & { status?: AccountStatus | undefined }): Promise<Listed<Teacher>> {
      let query = teachersWithStatus(db)
        .orderBy(sql`lower(name)`)
        .orderBy('teacher_id');
      if (search) query = query.where(matches('name', 'teacher_id', search));
      const filter = byStatus(status);
      if (filter) query = query.where(filter);
      const page = await listPage(query, { limit, offset });
      const groups = await groupsOf(page.items.map((r) => r.account_id));
      return mapItems(page, (r) => toTeacher(r, groups.get(r.account_id) ?? []));
    },

    async findTeacher(teacherId: number): Promise<Teacher | undefined> {
      const row = await teachersWithStatus(db).where('teacher_id', '=', teacherId).executeTakeFirst();
      if (!row) return undefined;
      const groups = await groupsOf([row.account_id]);
      return toTeacher(row, groups.get(row.account_id) ?? []);
    },

    /**
     * Active teachers as contact cards for the viewer: those who mentor the viewer's group (a
     * student's) first and marked `isMentor`, then the others, each part by name.
     */
    async listContactTeachers(
      viewerAccountId: string,
      { limit, offset }: PageQuery,
    ): Promise<Listed<ContactTeacher>> {
      const query = db
        .selectFrom('teachers')
        // A deactivated teacher can no longer be reached through the portal: no card to contact.
        .innerJoin('accounts', 'accounts.id', 'teachers.account_id')
        .where('accounts.deactivated_at', 'is', null)
        .select((eb) => [
          'teachers.account_id',
          'teachers.teacher_id',
          'teachers.name',
          'teachers.gender',
          'teachers.email',
          'teachers.phone_no',
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('teacher_groups')
                  .innerJoin('students', 'students.group_name', 'teacher_groups.group_name')
                  .select(sql.lit(1).as('one'))
                  .whereRef('teacher_groups.teacher_account_id', '=', 'teachers.account_id')
                  .where('students.account_id', '=', viewerAccountId),
              ),
            )
            .then(sql.lit(1))
            .else(sql.lit(0))
            .end()
            .as('is_mentor'),
        ])
        .orderBy('is_mentor', 'desc')
        .orderBy(sql`lower(teachers.name)`)
        .orderBy('teachers.teacher_id');
      const page = await listPage(query, { limit, offset });
      const groups = await groupsOf(page.items.map((r) => r.account_id));
      return mapItems(page, (r) => ({
        _id: r.account_id,
        name: r.name,
        teacherId: r.teacher_id,
        Gender: r.gender,
        email: r.email,
        phoneNo: r.phone_no,
        groups: groups.get(r.account_id) ?? [],
        isMentor: r.is_mentor === 1,
      }));
    },

    /** Every group's name, sorted, those without students too. */
    async listGroups(): Promise<string[]> {
      const rows = await db.selectFrom('groups').select('name').orderBy('name').execute();
      return rows.map((r) => r.name);
    },
  };
}

export type PeopleRepository = ReturnType<typeof peopleRepository>;
