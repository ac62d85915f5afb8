/** Gate passes: all the SQL of the domain. A status changes only pending → approved | rejected, atomically. */
import type { GatePass, GatePassDecision, GatePassStatus } from '@campus/contract';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';

export interface NewGatePass {
  rollNo: number;
  /** Null or blank: the student's phone number is used. */
  contact?: string | null | undefined;
  date: string;
  time: string;
  reason: string;
}

/** Why a decision changed nothing. */
export type DecisionOutcome =
  | { kind: 'decided'; gatepass: GatePass }
  | { kind: 'not-found' }
  | { kind: 'already-decided'; status: GatePassStatus };

export function gatePassRepository(db: Db) {
  /** Every gate pass read: the pass, its student and the deciding teacher, in one query. */
  const selectPasses = () =>
    db
      .selectFrom('gate_passes as g')
      .innerJoin('students as s', 's.roll_no', 'g.roll_no')
      .leftJoin('teachers as t', 't.account_id', 'g.decided_by')
      .select([
        'g.id',
        's.name',
        'g.roll_no',
        's.email',
        'g.contact',
        'g.date',
        'g.time',
        'g.reason',
        'g.status',
        'g.created_at',
        't.name as decided_by_name',
        'g.decided_at',
        'g.reject_reason',
      ])
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id', 'desc');

  type Row = Awaited<ReturnType<ReturnType<typeof selectPasses>['execute']>>[number];
  const toGatePass = (row: Row): GatePass => ({
    _id: row.id,
    name: row.name,
    rollNo: row.roll_no,
    email: row.email,
    contact: row.contact,
    date: row.date,
    time: row.time,
    reason: row.reason,
    approvedStatus: row.status,
    createdAt: row.created_at,
    ...(row.decided_by_name !== null ? { decidedBy: row.decided_by_name } : {}),
    ...(row.decided_at !== null ? { decidedAt: row.decided_at } : {}),
    ...(row.reject_reason ? { rejectReason: row.reject_reason } : {}),
  });

  const findById = async (id: string): Promise<GatePass | undefined> => {
    const row = await selectPasses().where('g.id', '=', id).executeTakeFirst();
    return row ? toGatePass(row) : undefined;
  };

  return {
    findById,

    /** Files a pending pass for a student; undefined when the roll number has no student. */
    async create(input: NewGatePass): Promise<GatePass | undefined> {
      const student = await db
        .selectFrom('students')
        .select(['name', 'email', 'phone_no'])
        .where('roll_no', '=', input.rollNo)
        .executeTakeFirst();
      if (!student) return undefined;
      const given = input.contact?.trim();
      const row = {
        id: newId(),
        roll_no: input.rollNo,
        contact: given || (student.phone_no ?? ''),
        date: input.date,
        time: input.time,
        reason: input.reason,
        status: 'pending' as const,
        created_at: nowIso(),
        decided_by: null,
        decided_at: null,
      };
      await db.insertInto('gate_passes').values(row).execute();
      return {
        _id: row.id,
        name: student.name,
        rollNo: row.roll_no,
        email: student.email,
        contact: row.contact,
        date: row.date,
        time: row.time,
        reason: row.reason,
        approvedStatus: row.status,
        createdAt: row.created_at,
      };
    },

    /** Passes with a status, newest first; only one student's when rollNo is given. */
    async list(status: GatePassStatus, page: Page, rollNo?: number): Promise<Listed<GatePass>> {
      let query = selectPasses().where('g.status', '=', status);
      if (rollNo !== undefined) query = query.where('g.roll_no', '=', rollNo);
      return mapItems(await listPage(query, page), toGatePass);
    },

    /**
     * Moves a pending pass to approved or rejected in one conditional update, so that of two teachers
     * deciding at once exactly one changes the row; the other learns it was already decided.
     */
    async decide(
      id: string,
      decision: GatePassDecision,
      teacherAccountId: string,
      rejectReason?: string | null,
    ): Promise<DecisionOutcome> {
      const result = await db
        .updateTable('gate_passes')
        .set({
          status: decision,
          decided_by: teacherAccountId,
          decided_at: nowIso(),
          reject_reason: decision === 'rejected' && rejectReason ? rejectReason : null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        const current = await db
          .selectFrom('gate_passes')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst();
        return current ? { kind: 'already-decided', status: current.status } : { kind: 'not-found' };
      }
      const gatepass = await findById(id);
      return gatepass ? { kind: 'decided', gatepass } : { kind: 'not-found' };
    },
  };
}

export type GatePassRepository = ReturnType<typeof gatePassRepository>;
