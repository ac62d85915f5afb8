/**
 * The timetable's rows: courses, teachings and weekly periods, refused when a group, a teacher or a
 * room would be in two places at once (the clash is named), and holidays.
 */
import {
  clashText,
  type Course,
  type CourseInput,
  type Holiday,
  type Period,
  type PeriodInput,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { newId } from '../../lib/ids';
import { findClash } from './clash';

export type PeriodResult =
  | { ok: true; period: Period }
  | { ok: false; problem: 'clash'; message: string }
  | {
      ok: false;
      problem: 'unknown-course' | 'unknown-group' | 'unknown-teacher' | 'no-teacher' | 'not-found';
    };

/** What a period is checked and written with: its input and the teacher, when one is named. */
export type PeriodWrite = PeriodInput;

export function timetableRepository(db: Db) {
  const selectPeriods = (q: Db = db) =>
    q
      .selectFrom('periods as p')
      .innerJoin('teachings as t', 't.id', 'p.teaching_id')
      .innerJoin('courses as c', 'c.code', 't.course_code')
      .innerJoin('teachers as te', 'te.account_id', 't.teacher_account_id')
      .select([
        'p.id as _id',
        'c.code as course',
        'c.name as courseName',
        't.group_name as group',
        'te.teacher_id as teacherId',
        'te.name as teacherName',
        'p.weekday',
        'p.starts as start',
        'p.ends as end',
        'p.room',
      ]);

  /** What `p` would clash with on its weekday, in words (`except` itself when it is moved). */
  async function clashOf(q: Db, p: PeriodInput, teacherAccountId: string, except?: string) {
    let others = selectPeriods(q)
      .select('t.teacher_account_id as teacher')
      .where('p.weekday', '=', p.weekday)
      .where('p.starts', '<', p.end)
      .where('p.ends', '>', p.start)
      .where((eb) =>
        eb.or([
          eb('t.group_name', '=', p.group),
          eb('t.teacher_account_id', '=', teacherAccountId),
          eb('p.room', '=', p.room),
        ]),
      );
    if (except) others = others.where('p.id', '<>', except);
    const clash = findClash({ ...p, teacher: teacherAccountId }, await others.orderBy('p.starts').execute());
    return clash && clashText(clash.kind, clash.other);
  }

  /**
   * What a teaching handed over to `teacherAccountId` would clash with: its periods against the new
   * teacher's others, the earliest of its week first. `except`, the period being written, is checked
   * where it moves to (clashOf), not where it was.
   */
  async function handoverClash(q: Db, teachingId: string, teacherAccountId: string, except?: string) {
    const placed = () => {
      const query = selectPeriods(q).select('t.teacher_account_id as teacher');
      return except ? query.where('p.id', '<>', except) : query;
    };
    const periods = await placed()
      .where('t.id', '=', teachingId)
      .orderBy('p.weekday')
      .orderBy('p.starts')
      .execute();
    if (periods.length === 0) return undefined;
    const theirs = await placed()
      .where('t.teacher_account_id', '=', teacherAccountId)
      .where('t.id', '<>', teachingId)
      .where('p.weekday', 'in', [...new Set(periods.map((p) => p.weekday))])
      .orderBy('p.starts')
      .execute();
    for (const period of periods) {
      const clash = findClash({ ...period, teacher: teacherAccountId }, theirs);
      if (clash) return clashText(clash.kind, clash.other);
    }
    return undefined;
  }

  /**
   * The teaching of the course for the group, made or handed to `teacherId` when one is named;
   * `handedOver` when it had another teacher.
   */
  async function teachingFor(
    q: Db,
    p: PeriodWrite,
  ): Promise<
    | { id: string; teacher: string; handedOver: boolean }
    | { problem: 'unknown-course' | 'unknown-group' | 'unknown-teacher' | 'no-teacher' }
  > {
    const course = await q
      .selectFrom('courses')
      .select('code')
      .where('code', '=', p.course)
      .executeTakeFirst();
    if (!course) return { problem: 'unknown-course' };
    const group = await q.selectFrom('groups').select('name').where('name', '=', p.group).executeTakeFirst();
    if (!group) return { problem: 'unknown-group' };
    const existing = await q
      .selectFrom('teachings')
      .select(['id', 'teacher_account_id'])
      .where('course_code', '=', p.course)
      .where('group_name', '=', p.group)
      .executeTakeFirst();
    if (p.teacherId === undefined) {
      return existing
        ? { id: existing.id, teacher: existing.teacher_account_id, handedOver: false }
        : { problem: 'no-teacher' };
    }
    const teacher = await q
      .selectFrom('teachers')
      .select('account_id')
      .where('teacher_id', '=', p.teacherId)
      .executeTakeFirst();
    if (!teacher) return { problem: 'unknown-teacher' };
    if (existing) {
      const handedOver = existing.teacher_account_id !== teacher.account_id;
      if (handedOver) {
        await q
          .updateTable('teachings')
          .set({ teacher_account_id: teacher.account_id })
          .where('id', '=', existing.id)
          .execute();
      }
      return { id: existing.id, teacher: teacher.account_id, handedOver };
    }
    const id = newId();
    await q
      .insertInto('teachings')
      .values({ id, course_code: p.course, group_name: p.group, teacher_account_id: teacher.account_id })
      .execute();
    return { id, teacher: teacher.account_id, handedOver: false };
  }

  /** Writes a period (a new one, or `id` moved) unless it clashes; nothing is written on a refusal. */
  async function writePeriod(p: PeriodWrite, id?: string): Promise<PeriodResult> {
    return db
      .transaction()
      .execute(async (trx): Promise<PeriodResult> => {
        if (id && !(await trx.selectFrom('periods').select('id').where('id', '=', id).executeTakeFirst())) {
          return { ok: false, problem: 'not-found' };
        }
        const teaching = await teachingFor(trx, p);
        if ('problem' in teaching) return { ok: false, problem: teaching.problem };
        // The teaching's other periods go to its new teacher too, so they are checked against that week.
        const clash =
          (await clashOf(trx, p, teaching.teacher, id)) ??
          (teaching.handedOver ? await handoverClash(trx, teaching.id, teaching.teacher, id) : undefined);
        if (clash) {
          // Roll back a teaching made or handed over for this period.
          throw new ClashRefusal(clash);
        }
        const row = {
          teaching_id: teaching.id,
          weekday: p.weekday,
          starts: p.start,
          ends: p.end,
          room: p.room,
        };
        const periodId = id ?? newId();
        if (id) await trx.updateTable('periods').set(row).where('id', '=', id).execute();
        else
          await trx
            .insertInto('periods')
            .values({ id: periodId, ...row })
            .execute();
        const period = await selectPeriods(trx).where('p.id', '=', periodId).executeTakeFirstOrThrow();
        return { ok: true, period };
      })
      .catch((err: unknown): PeriodResult => {
        if (err instanceof ClashRefusal) return { ok: false, problem: 'clash', message: err.message };
        throw err;
      });
  }

  return {
    selectPeriods,
    writePeriod,

    async listCourses(): Promise<Course[]> {
      return db
        .selectFrom('courses')
        .select(['code', 'name', 'credits', 'min_percent as minPercent'])
        .orderBy('code')
        .execute();
    },

    /** Adds the course, or changes it when `replace`; false when that finds it taken or missing. */
    async saveCourse(input: CourseInput, now: string, replace: boolean): Promise<boolean> {
      const values = { name: input.name, credits: input.credits, min_percent: input.minPercent ?? null };
      if (replace) {
        const result = await db
          .updateTable('courses')
          .set(values)
          .where('code', '=', input.code)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      }
      const result = await db
        .insertInto('courses')
        .values({ code: input.code, created_at: now, ...values })
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /** Removes a course with its periods: 'marked' while lecture marks name it (they are kept). */
    async deleteCourse(code: string): Promise<'done' | 'not-found' | 'marked'> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .selectFrom('lecture_marks')
          .select('course_code')
          .where('course_code', '=', code)
          .limit(1)
          .executeTakeFirst();
        if (marked) return 'marked';
        const teachings = trx.selectFrom('teachings').select('id').where('course_code', '=', code);
        await trx.deleteFrom('periods').where('teaching_id', 'in', teachings).execute();
        await trx.deleteFrom('teachings').where('course_code', '=', code).execute();
        const result = await trx.deleteFrom('courses').where('code', '=', code).executeTakeFirst();
        return result.numDeletedRows > 0n ? 'done' : 'not-found';
      });
    },

    async listPeriods(filter: {
      group?: string | undefined;
      teacherId?: number | undefined;
    }): Promise<Period[]> {
      let q = selectPeriods();
      if (filter.group) q = q.where('t.group_name', '=', filter.group);
      if (filter.teacherId !== undefined) q = q.where('te.teacher_id', '=', filter.teacherId);
      return q.orderBy('p.weekday').orderBy('p.starts').orderBy('t.group_name').execute();
    },

    async deletePeriod(id: string): Promise<boolean> {
      const result = await db.deleteFrom('periods').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async listHolidays(): Promise<Holiday[]> {
      return db.selectFrom('holidays').select(['date', 'name']).orderBy('date').execute();
    },

    async putHoliday(holiday: Holiday): Promise<void> {
      await db
        .insertInto('holidays')
        .values(holiday)
        .onConflict((oc) => oc.column('date').doUpdateSet({ name: holiday.name }))
        .execute();
    },

    async deleteHoliday(date: string): Promise<boolean> {
      const result = await db.deleteFrom('holidays').where('date', '=', date).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

class ClashRefusal extends Error {}

export type TimetableRepository = ReturnType<typeof timetableRepository>;
