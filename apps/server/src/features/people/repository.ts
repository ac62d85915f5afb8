/** Students, teachers and their groups: all the SQL of the people domain. Never selects a password. */
import { sql, type Selectable } from 'kysely';
import type {
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
function matches(nameColumn: string, numberColumn: string, term: string) {
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
] as const;

const TEACHER_COLUMNS = ['account_id', 'teacher_id', 'name', 'gender', 'dob', 'phone_no', 'email'] as const;

function toStudent(row: Selectable<StudentsTable>): Student {
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
  };
}

function toTeacher(row: Selectable<TeachersTable>, groups: string[]): Teacher {
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
  };
}

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
    async listStudents({ search, group, limit, offset }: StudentListQuery): Promise<Listed<Student>> {
      let query = db.selectFrom('students').select(STUDENT_COLUMNS).orderBy('roll_no');
      if (group) query = query.where('group_name', '=', group);
      if (search) query = query.where(matches('name', 'roll_no', search));
      return mapItems(await listPage(query, { limit, offset }), toStudent);
    },

    async findStudent(rollNo: number): Promise<Student | undefined> {
      const row = await db
        .selectFrom('students')
        .select(STUDENT_COLUMNS)
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      return row && toStudent(row);
    },

    /** By name; `search` matches inside the name or the teacher id. Two queries for any page size. */
    async listTeachers({ search, limit, offset }: SearchPageQuery): Promise<Listed<Teacher>> {
      let query = db
        .selectFrom('teachers')
        .select(TEACHER_COLUMNS)
        .orderBy(sql`lower(name)`)
        .orderBy('teacher_id');
      if (search) query = query.where(matches('name', 'teacher_id', search));
      const page = await listPage(query, { limit, offset });
      const groups = await groupsOf(page.items.map((r) => r.account_id));
      return mapItems(page, (r) => toTeacher(r, groups.get(r.account_id) ?? []));
    },

    async findTeacher(teacherId: number): Promise<Teacher | undefined> {
      const row = await db
        .selectFrom('teachers')
        .select(TEACHER_COLUMNS)
        .where('teacher_id', '=', teacherId)
        .executeTakeFirst();
      if (!row) return undefined;
      const groups = await groupsOf([row.account_id]);
      return toTeacher(row, groups.get(row.account_id) ?? []);
    },

    /**
     * Teachers as contact cards for the viewer: those who mentor the viewer's group (a student's)
     * first and marked `isMentor`, then the others, each part by name.
     */
    async listContactTeachers(
      viewerAccountId: string,
      { limit, offset }: PageQuery,
    ): Promise<Listed<ContactTeacher>> {
      const query = db
        .selectFrom('teachers')
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

    /** Every student group's name, sorted. */
    async listGroups(): Promise<string[]> {
      const rows = await db
        .selectFrom('students')
        .select('group_name')
        .distinct()
        .orderBy('group_name')
        .execute();
      return rows.map((r) => r.group_name);
    },
  };
}

export type PeopleRepository = ReturnType<typeof peopleRepository>;
