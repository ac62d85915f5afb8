/**
 * Leave: the SQL of the domain (who is On leave on a day, and the settings of how it counts, in
 * on-leave.ts). A status changes only pending → approved | rejected | withdrawn, atomically;
 * approving leave turns the student's Absent marks within its days into On leave.
 */
import {
  daysInRange,
  ON_LEAVE_STATUS,
  type Leave,
  type LeaveDecision,
  type LeaveStatus,
} from '@campus/contract';
import { withActorName } from '../../db/actor-name';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';
import type { Webhooks } from '../webhooks/index';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';
import { onLeaveRepository } from './on-leave';

export {
  countsUnder,
  leaveCovers,
  movementsOf,
  passMovementsText,
  passOnDay,
  readClassHours,
} from './on-leave';

export interface NewLeave {
  rollNo: number;
  from: string;
  to: string;
  reason: string;
  attachment?: { name: string; type: string; data: Uint8Array } | undefined;
}

export type LeaveOutcome =
  { kind: 'done'; leave: Leave } | { kind: 'not-found' } | { kind: 'already'; status: LeaveStatus };

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

    ...onLeaveRepository(db),
  };
}

export type LeaveRepository = ReturnType<typeof leaveRepository>;
