/**
 * Gate passes written: applied for pending, then moved only pending → approved | rejected,
 * atomically; a pending pass whose day has passed closes itself (rejected by no one, `closed_at`).
 * Each write names whose rows it changes (`gatepassWrites`, db/changes.ts).
 */
import type { BulkGatePassResult, GatePass, GatePassDecision, GatePassStatus } from '@campus/contract';
import { sql } from 'kysely';
import { writingRows } from '../../db/changes';
import type { Db, Dialect } from '../../db/index';
import { writeTogether, type CountedWrite } from '../../db/together';
import { inChunks } from '../../lib/chunks';
import { newId, nowIso } from '../../lib/ids';
import { insertEntries, insertManyEntries, SYSTEM_ACTOR, type AuditRecord } from '../audit/repository';
import type { PreparedNotifications } from '../notifications/repository';
import type { StudentCard } from '../people/cards';
import { gatepassWrites } from './cache-keys';
import type { PassReads } from './reads';

export interface NewGatePass {
  rollNo: number;
  /** Null or blank: the student's phone number is used. */
  contact?: string | null | undefined;
  date: string;
  time: string;
  returnBy?: string | null | undefined;
  reason: string;
  /** The campus asks this student's guardian first (decision record 0092). */
  waitsForGuardian?: boolean;
}

/** Why a decision changed nothing. */
export type DecisionOutcome =
  | { kind: 'decided'; gatepass: GatePass }
  | { kind: 'not-found' }
  | { kind: 'already-decided'; status: GatePassStatus }
  /** Its day passed before it was decided: it closed (or closes now). */
  | { kind: 'closed'; date: string }
  /** It waits for a guardian's consent: not yet the mentors' to decide (decision record 0092). */
  | { kind: 'waiting' };

/** Not waiting for a guardian's consent (decision record 0092): null on a campus that asks no one. */
const notWaiting = sql<boolean>`(guardian_consent is null or guardian_consent <> 'waiting')`;

/** The audit entry of a pass that closed itself: the system's, not a person's. */
const closedEntry = (pass: { id: string; date: string }): AuditRecord => ({
  kind: 'gatepass.close',
  actorLoginId: null,
  actorRole: SYSTEM_ACTOR,
  target: pass.id,
  detail: `Not decided by its day, ${pass.date}`,
});

export function passWrites(db: Db, dialect: Dialect, reads: PassReads) {
  const { today, findById } = reads;

  /** Whose passes these are: a decision then changes only their rows (db/changes.ts). */
  const studentsOf = async (ids: readonly string[]): Promise<number[]> =>
    (await db.selectFrom('gate_passes').select('roll_no').distinct().where('id', 'in', ids).execute()).map(
      (row) => row.roll_no,
    );

  /**
   * Closes every pending pass whose day is before `day`: rejected by no one, with the moment it
   * closed, and an audit entry each by the system; one update and one insert, together, however
   * many there are. Answers how many closed.
   */
  async function closePast(day: string): Promise<number> {
    const closedAt = nowIso();
    return db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('gate_passes')
        .set({ status: 'rejected', closed_at: closedAt })
        .where('status', '=', 'pending')
        .where('date', '<', day)
        .returning(['id', 'date'])
        .execute();
      if (closed.length > 0) await insertManyEntries(dialect, closed.map(closedEntry)).execute(trx);
      return closed.length;
    });
  }

  return {
    /**
     * Files a pending pass for a student, from their card (`studentCards`; the foreign key still
     * refuses a pass whose student was removed meanwhile). What the pass brings is written with it,
     * in one statement on PostgreSQL (in one transaction on SQLite): its audit entries
     * (`entriesWithWrite`), its mentors' notifications and its count against the allowance.
     */
    async create(
      input: NewGatePass,
      student: StudentCard,
      /** The pass's count against its student's allowance, made with it. */
      counted?: CountedWrite,
      also: {
        audit?: (pass: GatePass) => readonly AuditRecord[];
        notes?: (pass: GatePass) => Promise<PreparedNotifications>;
      } = {},
    ): Promise<GatePass> {
      const given = input.contact?.trim();
      const row = {
        id: newId(),
        roll_no: input.rollNo,
        contact: given || (student.phoneNo ?? ''),
        date: input.date,
        time: input.time,
        return_by: input.returnBy || null,
        reason: input.reason,
        status: 'pending' as const,
        created_at: nowIso(),
        decided_by: null,
        decided_at: null,
        guardian_consent: input.waitsForGuardian ? ('waiting' as const) : null,
      };
      const pass: GatePass = {
        _id: row.id,
        name: student.name,
        rollNo: row.roll_no,
        email: student.email,
        group: student.group,
        contact: row.contact,
        date: row.date,
        time: row.time,
        reason: row.reason,
        approvedStatus: row.status,
        createdAt: row.created_at,
        ...(row.return_by ? { returnBy: row.return_by } : {}),
        ...(row.guardian_consent ? { waitingFor: 'guardian' as const } : {}),
      };
      const entries = also.audit?.(pass) ?? [];
      const notes = await also.notes?.(pass);
      const told = notes && notes.rows.length > 0 ? notes : undefined;
      // The pass's student's rows, and the told mentors' notifications (db/changes.ts).
      const written = gatepassWrites.applied(row.roll_no, told?.accountIds);
      await writeTogether(
        db,
        dialect,
        (on) => writingRows(on, written),
        [
          db.insertInto('gate_passes').values(row),
          ...(told ? [db.insertInto('notifications').values([...told.rows])] : []),
          ...(entries.length > 0 ? [insertEntries(entries)] : []),
        ],
        counted,
      );
      return pass;
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
      const day = await today();
      const result = await writingRows(db, gatepassWrites.passesOf(await studentsOf([id])))
        .updateTable('gate_passes')
        .set({
          status: decision,
          decided_by: teacherAccountId,
          decided_at: nowIso(),
          reject_reason: decision === 'rejected' && rejectReason ? rejectReason : null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('date', '>=', day)
        .where(notWaiting)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        const current = await db
          .selectFrom('gate_passes')
          .select(['status', 'date', 'closed_at', 'guardian_consent'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) return { kind: 'not-found' };
        if (current.status === 'pending' && current.date >= day && current.guardian_consent === 'waiting')
          return { kind: 'waiting' };
        // Still pending, its day past: it closes now, with every other one.
        if (current.status === 'pending') await closePast(day);
        if (current.status === 'pending' || current.closed_at !== null)
          return { kind: 'closed', date: current.date };
        return { kind: 'already-decided', status: current.status };
      }
      const gatepass = await findById(id);
      return gatepass ? { kind: 'decided', gatepass } : { kind: 'not-found' };
    },

    /**
     * Decides many passes: each moves only if it is still pending, by one conditional update per
     * chunk whose `returning` names the rows this call changed, so that of two teachers deciding the
     * same passes at once each pass is decided by exactly one. Then one read of every asked pass.
     * Results come in the order of `ids`.
     */
    async decideMany(
      ids: readonly string[],
      decision: GatePassDecision,
      teacherAccountId: string,
      rejectReason?: string | null,
    ): Promise<BulkGatePassResult[]> {
      const decidedAt = nowIso();
      const day = await today();
      const decided = new Set<string>();
      await inChunks(ids, async (chunk) => {
        const rows = await writingRows(db, gatepassWrites.passesOf(await studentsOf(chunk)))
          .updateTable('gate_passes')
          .set({
            status: decision,
            decided_by: teacherAccountId,
            decided_at: decidedAt,
            reject_reason: decision === 'rejected' && rejectReason ? rejectReason : null,
          })
          .where('id', 'in', chunk)
          .where('status', '=', 'pending')
          .where('date', '>=', day)
          .where(notWaiting)
          .returning('id')
          .execute();
        for (const row of rows) decided.add(row.id);
      });
      const found = await reads.findMany(ids);
      // Asked passes still pending past their day close now, with every other one.
      if ([...found.values()].some((p) => p.approvedStatus === 'pending' && p.date < day))
        await closePast(day);
      return ids.map((gatepassId): BulkGatePassResult => {
        const gatepass = found.get(gatepassId);
        // A pass waiting for its guardian is not yet in any teacher's list (decision record 0092).
        if (!gatepass || gatepass.waitingFor) return { gatepassId, outcome: 'not-found' };
        if (decided.has(gatepassId)) return { gatepassId, outcome: 'decided', gatepass };
        if (gatepass.closedAt || gatepass.approvedStatus === 'pending')
          return { gatepassId, outcome: 'closed' };
        return { gatepassId, outcome: 'already-decided', status: gatepass.approvedStatus };
      });
    },

    closePast,
  };
}
