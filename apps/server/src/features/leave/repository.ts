/**
 * Leave: all the SQL of the domain. A status changes only pending → approved | rejected | withdrawn,
 * atomically; approving leave turns the student's Absent marks within its days into On leave.
 */
import {
  ClassHoursSchema,
  daysInRange,
  DEFAULT_CLASS_HOURS,
  DEFAULT_ON_LEAVE_RULE,
  passExcusesDay,
  type AttendanceSettings,
  type AttendanceSettingsUpdate,
  type ClassHours,
  type PassMovements,
  ON_LEAVE_RULES,
  ON_LEAVE_STATUS,
  type Leave,
  type LeaveDecision,
  type LeaveStatus,
  type OnLeaveRule,
  type OnLeaveStudent,
} from '@campus/contract';
import { sql, type RawBuilder } from 'kysely';
import { withActorName } from '../../db/actor-name';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';
import type { Webhooks } from '../webhooks/index';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';

export interface NewLeave {
  rollNo: number;
  from: string;
  to: string;
  reason: string;
  attachment?: { name: string; type: string; data: Uint8Array } | undefined;
}

export type LeaveOutcome =
  { kind: 'done'; leave: Leave } | { kind: 'not-found' } | { kind: 'already'; status: LeaveStatus };

/** The campus setting that says how On leave days count in the percentage. */
const ON_LEAVE_SETTING = 'attendance.on_leave';

/** The campus settings that give its class hours (HH:MM). */
const CLASS_START_SETTING = 'attendance.class_start';
const CLASS_END_SETTING = 'attendance.class_end';

/**
 * What may put a student On leave on a day, as conditions on `leave_applications as l` and
 * `gate_passes as g`: approved leave whose days include it does; a pass approved for it may, when
 * its time out covers the class hours (`passExcusesDay`, decision record 0063). The day is a value,
 * or an expression that gives it.
 */
export const leaveCovers = (date: string | RawBuilder<string>) =>
  sql<boolean>`l.status = 'approved' and l.from_date <= ${date} and l.to_date >= ${date}`;
export const passOnDay = (date: string | RawBuilder<string>) =>
  sql<boolean>`g.status = 'approved' and g.date = ${date}`;

/** The columns of `gate_passes as g` that say when its student was out, as one text (`movementsOf`). */
export const passMovementsText = sql<string>`g.date || '|' || g.time || '|' || coalesce(g.return_by, '') || '|' || coalesce(g.exited_at, '') || '|' || coalesce(g.returned_at, '') || '|' || coalesce(g.revoked_at, '')`;

/** A pass's movements back from `passMovementsText`. */
export function movementsOf(text: string): PassMovements {
  const [date = '', time = '', returnBy, exitedAt, returnedAt, revokedAt] = text.split('|');
  return {
    date,
    time,
    returnBy: returnBy || null,
    exitedAt: exitedAt || null,
    returnedAt: returnedAt || null,
    revokedAt: revokedAt || null,
  };
}

/** The campus's class hours: the settings an admin chose, or 09:00 to 17:00. */
export async function readClassHours(db: Db): Promise<ClassHours> {
  const rows = await db
    .selectFrom('campus_settings')
    .select(['key', 'value'])
    .where('key', 'in', [CLASS_START_SETTING, CLASS_END_SETTING])
    .execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const hours = {
    classStart: value(CLASS_START_SETTING) ?? DEFAULT_CLASS_HOURS.classStart,
    classEnd: value(CLASS_END_SETTING) ?? DEFAULT_CLASS_HOURS.classEnd,
  };
  return ClassHoursSchema.safeParse(hours).success ? hours : DEFAULT_CLASS_HOURS;
}

/** `webhooks`: decisions are told to the endpoints that listen, with the decision (record 0085). */
export function leaveRepository(db: Db, webhooks?: Webhooks) {
  const selectLeave = () =>
    db
      .selectFrom('leave_applications as l')
      .innerJoin('students as s', 's.roll_no', 'l.roll_no')
      .leftJoin('leave_attachments as f', 'f.leave_id', 'l.id')
      .select([
        'l.id',
        'l.roll_no',
        's.name',
        's.group_name',
        'l.from_date',
        'l.to_date',
        'l.reason',
        'l.status',
        'l.created_at',
        'l.decided_at',
        'l.reject_reason',
        'f.name as file_name',
        'f.type as file_type',
        'f.size as file_size',
      ])
      .$call((q) => withActorName(q, 'l.decided_by', ['teachers', 'admins'], 'decided_by_name'));
  type Row = Awaited<ReturnType<ReturnType<typeof selectLeave>['execute']>>[number];
  const toLeave = (r: Row): Leave => {
    const decidedBy = r.decided_by_name;
    return {
      _id: r.id,
      rollNo: r.roll_no,
      name: r.name,
      group: r.group_name,
      from: r.from_date,
      to: r.to_date,
      days: daysInRange(r.from_date, r.to_date),
      reason: r.reason,
      status: r.status,
      createdAt: r.created_at,
      ...(decidedBy ? { decidedBy } : {}),
      ...(r.decided_at ? { decidedAt: r.decided_at } : {}),
      ...(r.reject_reason ? { rejectReason: r.reject_reason } : {}),
      ...(r.file_name !== null && r.file_type !== null && r.file_size !== null
        ? { attachment: { name: r.file_name, type: r.file_type, size: r.file_size } }
        : {}),
    };
  };
  const findById = async (id: string): Promise<Leave | undefined> => {
    const row = await selectLeave().where('l.id', '=', id).executeTakeFirst();
    return row ? toLeave(row) : undefined;
  };

  /** What is left of a leave that did not move: gone, or already past pending. */
  const missed = async (id: string): Promise<LeaveOutcome> => {
    const row = await db
      .selectFrom('leave_applications')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { kind: 'already', status: row.status } : { kind: 'not-found' };
  };

  return {
    findById,

    async create(input: NewLeave): Promise<Leave | undefined> {
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('leave_applications')
          .values({
            id,
            roll_no: input.rollNo,
            from_date: input.from,
            to_date: input.to,
            reason: input.reason,
            status: 'pending',
            created_at: nowIso(),
            decided_by: null,
            decided_at: null,
            reject_reason: null,
          })
          .execute();
        if (input.attachment) {
          await trx
            .insertInto('leave_attachments')
            .values({
              leave_id: id,
              name: input.attachment.name,
              type: input.attachment.type,
              size: input.attachment.data.byteLength,
              data: input.attachment.data,
            })
            .execute();
        }
      });
      return findById(id);
    },

    /** The student's approved or pending leave sharing a day with `from`–`to`, earliest first. */
    async overlapping(
      rollNo: number,
      from: string,
      to: string,
    ): Promise<{ from: string; to: string; status: LeaveStatus } | undefined> {
      const row = await db
        .selectFrom('leave_applications')
        .select(['from_date', 'to_date', 'status'])
        .where('roll_no', '=', rollNo)
        .where('status', 'in', ['approved', 'pending'])
        .where('from_date', '<=', to)
        .where('to_date', '>=', from)
        .orderBy('from_date')
        .executeTakeFirst();
      return row && { from: row.from_date, to: row.to_date, status: row.status };
    },

    /** One student's leave, newest applied first. */
    async listForStudent(rollNo: number, page: Page): Promise<Listed<Leave>> {
      const query = selectLeave()
        .where('l.roll_no', '=', rollNo)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc');
      return mapItems(await listPage(query, page), toLeave);
    },

    /**
     * Leave with a status, of one group or a mentor's groups, newest applied first: the order of every
     * teacher's work list (gate passes and queries too).
     */
    async listForStaff(
      status: LeaveStatus,
      filter: { group?: string | undefined; mentoredBy?: string | undefined },
      page: Page,
    ): Promise<Listed<Leave>> {
      let query = selectLeave().where('l.status', '=', status);
      if (filter.group !== undefined) query = query.where('s.group_name', '=', filter.group);
      if (filter.mentoredBy !== undefined) {
        const mentor = filter.mentoredBy;
        query = query.where('s.group_name', 'in', (eb) =>
          eb
            .selectFrom('teacher_groups')
            .select('teacher_groups.group_name')
            .where('teacher_groups.teacher_account_id', '=', mentor),
        );
      }
      query = query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc');
      return mapItems(await listPage(query, page), toLeave);
    },

    /** The student's own pending leave becomes withdrawn. */
    async withdraw(id: string, rollNo: number): Promise<LeaveOutcome> {
      const result = await db
        .updateTable('leave_applications')
        .set({ status: 'withdrawn', decided_at: nowIso() })
        .where('id', '=', id)
        .where('roll_no', '=', rollNo)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return missed(id);
      const leave = await findById(id);
      return leave ? { kind: 'done', leave } : { kind: 'not-found' };
    },

    /**
     * Decides pending leave in one conditional update (of two deciding at once, one wins). Approval
     * turns the student's Absent marks within the leave's days into On leave, in the same transaction.
     */
    async decide(
      id: string,
      decision: LeaveDecision,
      by: string,
      rejectReason?: string | null,
    ): Promise<LeaveOutcome & { marksChanged?: number }> {
      let marksChanged = 0;
      const decidedAt = nowIso();
      const moved = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('leave_applications')
          .set({
            status: decision,
            decided_by: by,
            decided_at: decidedAt,
            reject_reason: decision === 'rejected' && rejectReason ? rejectReason : null,
          })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .returning(['roll_no', 'from_date', 'to_date'])
          .execute();
        const row = rows[0];
        if (!row) return false;
        if (decision === 'approved') {
          const result = await trx
            .updateTable('attendance')
            .set({ status: ON_LEAVE_STATUS, marked_at: nowIso() })
            .where('roll_no', '=', row.roll_no)
            .where('date', '>=', row.from_date)
            .where('date', '<=', row.to_date)
            .where('status', '=', 'Absent')
            .executeTakeFirst();
          marksChanged = Number(result.numUpdatedRows);
        }
        await webhooks?.emit(
          'leave.decided',
          () => ({
            leaveId: id,
            rollNo: row.roll_no,
            status: decision,
            from: row.from_date,
            to: row.to_date,
            decidedAt,
            marksChanged,
          }),
          trx,
        );
        return true;
      });
      if (!moved) return missed(id);
      const leave = await findById(id);
      return leave ? { kind: 'done', leave, marksChanged } : { kind: 'not-found' };
    },

    async attachment(id: string) {
      return db
        .selectFrom('leave_attachments')
        .select(['name', 'type', 'data'])
        .where('leave_id', '=', id)
        .executeTakeFirst();
    },

    /** The bytes the student's kept attachments take, against their quota. */
    async attachmentBytesOf(rollNo: number): Promise<number> {
      const row = await db
        .selectFrom('leave_attachments as f')
        .innerJoin('leave_applications as l', 'l.id', 'f.leave_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('f.size'), eb.lit(0)).as('bytes'))
        .where('l.roll_no', '=', rollNo)
        .executeTakeFirstOrThrow();
      return Number(row.bytes);
    },

    /** Removes the files of leave withdrawn or rejected before `before`; answers how many. */
    async pruneAttachments(before: string): Promise<number> {
      const result = await db
        .deleteFrom('leave_attachments')
        .where('leave_id', 'in', (eb) =>
          eb
            .selectFrom('leave_applications')
            .select('id')
            .where('status', 'in', ['withdrawn', 'rejected'])
            .where('decided_at', '<', before),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Whether this teacher mentors the student's group. */
    async mentorsStudent(teacherAccountId: string, rollNo: number): Promise<boolean> {
      const row = await db
        .selectFrom('students as s')
        .innerJoin('teacher_groups as tg', 'tg.group_name', 's.group_name')
        .select('s.roll_no')
        .where('s.roll_no', '=', rollNo)
        .where('tg.teacher_account_id', '=', teacherAccountId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The accounts of the student's mentors. */
    async mentorsOf(rollNo: number): Promise<string[]> {
      const rows = await db
        .selectFrom('students as s')
        .innerJoin('teacher_groups as tg', 'tg.group_name', 's.group_name')
        .select('tg.teacher_account_id')
        .where('s.roll_no', '=', rollNo)
        .execute();
      return rows.map((r) => r.teacher_account_id);
    },

    /**
     * The students of a group On leave on a day: approved leave covering the day, or an approved gate
     * pass for it. Leave wins when a student has both. (A mark asks the same of its roster in its own
     * statement: attendance/repository.ts, `beforeMark`.)
     */
    async onLeave(date: string, group: string, now: number, zone: string): Promise<OnLeaveStudent[]> {
      const leave = db
        .selectFrom('leave_applications as l')
        .innerJoin('students as s', 's.roll_no', 'l.roll_no')
        .select('l.roll_no')
        .where(leaveCovers(date))
        .where('s.group_name', '=', group);
      const passes = db
        .selectFrom('gate_passes as g')
        .innerJoin('students as s', 's.roll_no', 'g.roll_no')
        .select(['g.roll_no', passMovementsText.as('movements')])
        .where(passOnDay(date))
        .where('s.group_name', '=', group);
      const [onLeave, onPass] = await Promise.all([leave.execute(), passes.execute()]);
      const hours = onPass.length > 0 ? await readClassHours(db) : DEFAULT_CLASS_HOURS;
      const found = new Map<number, OnLeaveStudent['source']>();
      for (const r of onPass) {
        if (passExcusesDay(movementsOf(r.movements), hours, now, zone)) found.set(r.roll_no, 'gatepass');
      }
      for (const r of onLeave) found.set(r.roll_no, 'leave');
      return [...found].sort(([a], [b]) => a - b).map(([studentId, source]) => ({ studentId, source }));
    },

    /** How the campus counts On leave days in the percentage (`exclude` unless an admin chose). */
    async onLeaveRule(): Promise<OnLeaveRule> {
      const row = await db
        .selectFrom('campus_settings')
        .select('value')
        .where('key', '=', ON_LEAVE_SETTING)
        .executeTakeFirst();
      const value = row?.value as OnLeaveRule | undefined;
      return value && ON_LEAVE_RULES.includes(value) ? value : DEFAULT_ON_LEAVE_RULE;
    },

    /** Every attendance setting of the campus. */
    async attendanceSettings(): Promise<AttendanceSettings> {
      const [onLeave, hours] = await Promise.all([this.onLeaveRule(), readClassHours(db)]);
      return { onLeave, ...hours };
    },

    /** Keeps the settings given; the others stay as they are. */
    async setAttendanceSettings(settings: AttendanceSettingsUpdate): Promise<void> {
      const values = [
        { key: ON_LEAVE_SETTING, value: settings.onLeave },
        { key: CLASS_START_SETTING, value: settings.classStart },
        { key: CLASS_END_SETTING, value: settings.classEnd },
      ].filter((row): row is { key: string; value: string } => row.value !== undefined);
      await db.transaction().execute(async (trx) => {
        for (const row of values) {
          await trx
            .insertInto('campus_settings')
            .values(row)
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value }))
            .execute();
        }
      });
    },
  };
}

/** SQL for the attendance percentage's two counts under a rule (the report's grouped query). */
export function countsUnder(rule: OnLeaveRule, status: RawBuilder<unknown>) {
  type Counted = number | string | bigint;
  const present =
    rule === 'present'
      ? sql<Counted>`coalesce(sum(case when ${status} in ('Present', 'On leave') then 1 else 0 end), 0)`
      : sql<Counted>`coalesce(sum(case when ${status} = 'Present' then 1 else 0 end), 0)`;
  const total =
    rule === 'exclude'
      ? sql<Counted>`coalesce(sum(case when ${status} in ('Present', 'Absent') then 1 else 0 end), 0)`
      : sql<Counted>`count(${status})`;
  return { present, total };
}

export type LeaveRepository = ReturnType<typeof leaveRepository>;
