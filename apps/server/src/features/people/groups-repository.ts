/**
 * Groups as admins run them: the Groups page's rows, creating and renaming groups, setting their
 * mentors and moving students between them. A group's name is kept in `groups`, in each student's
 * `group_name` and in `teacher_groups`; a rename changes all three in one transaction.
 */
import { confusableSkeleton, type FieldChange, type GroupSummary } from '@campus/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/ids';

export type GroupResult =
  | { ok: true; group: GroupSummary; changes: FieldChange[] }
  | { ok: false; problem: 'not-found' | 'taken' }
  | { ok: false; problem: 'lookalike'; existing: string }
  | { ok: false; problem: 'unknown'; ids: number[] };

const joined = (ids: readonly number[]) => (ids.length === 0 ? null : ids.join(', '));

export function groupsRepository(db: Db) {
  async function summaries(only?: string, from: Db = db): Promise<GroupSummary[]> {
    let groups = from
      .selectFrom('groups')
      .leftJoin('students', 'students.group_name', 'groups.name')
      .select(['groups.name', (eb) => eb.fn.count<number | string>('students.roll_no').as('students')])
      .groupBy('groups.name')
      .orderBy('groups.name');
    if (only !== undefined) groups = groups.where('groups.name', '=', only);
    let mentors = from
      .selectFrom('teacher_groups')
      .innerJoin('teachers', 'teachers.account_id', 'teacher_groups.teacher_account_id')
      .select(['teacher_groups.group_name', 'teachers.teacher_id', 'teachers.name'])
      .orderBy(sql`lower(teachers.name)`)
      .orderBy('teachers.teacher_id');
    if (only !== undefined) mentors = mentors.where('teacher_groups.group_name', '=', only);
    const [groupRows, mentorRows] = [await groups.execute(), await mentors.execute()];
    const byGroup = new Map<string, GroupSummary['mentors']>();
    for (const row of mentorRows) {
      const list = byGroup.get(row.group_name) ?? [];
      list.push({ teacherId: row.teacher_id, name: row.name });
      byGroup.set(row.group_name, list);
    }
    return groupRows.map((row) => ({
      name: row.name,
      // PostgreSQL's count is a bigint, which pg hands over as text.
      students: Number(row.students),
      mentors: byGroup.get(row.name) ?? [],
    }));
  }

  async function one(name: string, from: Db = db): Promise<GroupSummary | undefined> {
    return (await summaries(name, from))[0];
  }

  /** Another group whose name looks the same as `name` (its confusable skeleton), if any. */
  async function lookalikeOf(name: string, from: Db, except?: string): Promise<string | undefined> {
    const skeleton = confusableSkeleton(name);
    const names = await from.selectFrom('groups').select('name').execute();
    return names.find((g) => g.name !== name && g.name !== except && confusableSkeleton(g.name) === skeleton)
      ?.name;
  }

  const exists = async (name: string, from: Db) =>
    (await from.selectFrom('groups').select('name').where('name', '=', name).executeTakeFirst()) !==
    undefined;

  /** Runs a change of one existing group in a transaction; its summary is read afterwards. */
  async function change(
    name: string,
    work: (
      trx: Db,
    ) => Promise<
      | { changes: FieldChange[]; name?: string }
      | { unknown: number[] }
      | { problem: 'taken' }
      | { problem: 'lookalike'; existing: string }
    >,
  ): Promise<GroupResult> {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await exists(name, trx))) return { problem: 'not-found' as const };
      return work(trx);
    });
    if ('problem' in done) {
      return done.problem === 'lookalike'
        ? { ok: false, problem: 'lookalike', existing: done.existing }
        : { ok: false, problem: done.problem };
    }
    if ('unknown' in done) return { ok: false, problem: 'unknown', ids: done.unknown };
    const group = await one(done.name ?? name);
    if (!group) return { ok: false, problem: 'not-found' };
    return { ok: true, group, changes: done.changes };
  }

  return {
    /** Every group with its number of students and its mentors, by name. */
    list: () => summaries(),

    exists: (name: string) => exists(name, db),

    async create(name: string): Promise<GroupResult> {
      const existing = await lookalikeOf(name, db);
      if (existing) return { ok: false, problem: 'lookalike', existing };
      try {
        await db.insertInto('groups').values({ name, created_at: nowIso() }).execute();
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, problem: 'taken' };
        throw error;
      }
      return { ok: true, group: { name, students: 0, mentors: [] }, changes: [] };
    },

    /** Renames the group everywhere it is named; 'taken' when another group has the new name. */
    async rename(name: string, to: string): Promise<GroupResult> {
      try {
        return await change(name, async (trx) => {
          if (to === name) return { changes: [] };
          if (await exists(to, trx)) return { problem: 'taken' as const };
          const existing = await lookalikeOf(to, trx, name);
          if (existing) return { problem: 'lookalike' as const, existing };
          await trx.updateTable('groups').set({ name: to }).where('name', '=', name).execute();
          await trx.updateTable('students').set({ group_name: to }).where('group_name', '=', name).execute();
          await trx
            .updateTable('teacher_groups')
            .set({ group_name: to })
            .where('group_name', '=', name)
            .execute();
          await trx
            .updateTable('notice_audience_groups')
            .set({ group_name: to })
            .where('group_name', '=', name)
            .execute();
          return { name: to, changes: [{ field: 'name', from: name, to }] };
        });
      } catch (error) {
        // Another admin gave a group the same name at the same moment.
        if (isUniqueViolation(error)) return { ok: false, problem: 'taken' };
        throw error;
      }
    },

    /** The group's mentors become exactly these teachers; 'unknown' names teacher ids nobody has. */
    setMentors(name: string, teacherIds: number[]): Promise<GroupResult> {
      const wanted = [...new Set(teacherIds)];
      return change(name, async (trx) => {
        const teachers =
          wanted.length === 0
            ? []
            : await trx
                .selectFrom('teachers')
                .select(['account_id', 'teacher_id'])
                .where('teacher_id', 'in', wanted)
                .execute();
        const found = new Set(teachers.map((t) => t.teacher_id));
        const unknown = wanted.filter((id) => !found.has(id));
        if (unknown.length > 0) return { unknown };
        const before = await trx
          .selectFrom('teacher_groups')
          .innerJoin('teachers', 'teachers.account_id', 'teacher_groups.teacher_account_id')
          .select('teachers.teacher_id')
          .where('teacher_groups.group_name', '=', name)
          .orderBy('teachers.teacher_id')
          .execute();
        await trx.deleteFrom('teacher_groups').where('group_name', '=', name).execute();
        if (teachers.length > 0) {
          await trx
            .insertInto('teacher_groups')
            .values(teachers.map((t) => ({ teacher_account_id: t.account_id, group_name: name })))
            .execute();
        }
        const from = joined(before.map((row) => row.teacher_id));
        const to = joined([...found].sort((a, b) => a - b));
        return { changes: from === to ? [] : [{ field: 'mentors', from, to }] };
      });
    },

    /** Moves these students into the group; 'unknown' names roll numbers nobody has. */
    moveStudents(name: string, rollNos: number[]): Promise<GroupResult> {
      const wanted = [...new Set(rollNos)];
      return change(name, async (trx) => {
        const students = await trx
          .selectFrom('students')
          .select(['roll_no', 'group_name'])
          .where('roll_no', 'in', wanted)
          .orderBy('roll_no')
          .execute();
        const found = new Set(students.map((s) => s.roll_no));
        const unknown = wanted.filter((rollNo) => !found.has(rollNo));
        if (unknown.length > 0) return { unknown };
        const moving = students.filter((s) => s.group_name !== name);
        if (moving.length > 0) {
          await trx
            .updateTable('students')
            .set({ group_name: name })
            .where(
              'roll_no',
              'in',
              moving.map((s) => s.roll_no),
            )
            .execute();
        }
        return {
          changes: moving.map((s) => ({ field: String(s.roll_no), from: s.group_name, to: name })),
        };
      });
    },
  };
}

export type GroupsRepository = ReturnType<typeof groupsRepository>;
