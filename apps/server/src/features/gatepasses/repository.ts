/**
 * Gate passes: all the SQL of the domain. A status changes only pending → approved | rejected,
 * atomically; a pending pass whose day has passed closes itself (rejected by no one, `closed_at`).
 */
import type {
  BulkGatePassResult,
  GatePass,
  GatePassDecision,
  GatePassSort,
  GatePassStatus,
  SortOrder,
} from '@campus/contract';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { insertEntries, insertManyEntries, SYSTEM_ACTOR, type AuditRecord } from '../audit/repository';
import type { PreparedNotifications } from '../notifications/repository';
import { inChunks } from '../../lib/chunks';
import { newId, nowIso } from '../../lib/ids';
import { rollNosOf } from '../../db/mentees';
import { listPage, mapItems, withPageTotal, type Listed, type Page } from '../../lib/lists';
import { gateState } from '../gate/state';
import { writingRowsOf } from '../../db/changes';
import { writeTogether, type CountedWrite } from '../../db/together';
import type { StudentCard } from '../people/cards';

export interface NewGatePass {
  rollNo: number;
  /** Null or blank: the student's phone number is used. */
  contact?: string | null | undefined;
  date: string;
  time: string;
  returnBy?: string | null | undefined;
  reason: string;
}

/** Why a decision changed nothing. */
export type DecisionOutcome =
  | { kind: 'decided'; gatepass: GatePass }
  | { kind: 'not-found' }
  | { kind: 'already-decided'; status: GatePassStatus }
  /** Its day passed before it was decided: it closed (or closes now). */
  | { kind: 'closed'; date: string };

/**
 * How a list route sorts passes into its lists (decision record 0067): by use (the spec's routes, as
 * its client reads them) or as decided (the web app, which shows each pass's gateState).
 */
export type ListView = 'use' | 'decision';

/** How the staff list is narrowed and ordered. */
export interface GatePassFilter {
  group?: string | undefined;
  /** Only students of the groups this teacher mentors. */
  mentoredBy?: string | undefined;
  sort?: GatePassSort;
  order?: SortOrder;
}

const SORT_COLUMNS = {
  createdAt: 'g.created_at',
  date: 'g.date',
  name: 's.name',
  group: 's.group_name',
} as const;

const ref = (column: string) => sql.ref(`g.${column}`);
/** Approved and never used: no exit and no return recorded (gate/state.ts reads each pass the same). */
const unused = sql<boolean>`${ref('exited_at')} is null and ${ref('returned_at')} is null`;

/**
 * The condition of a list on `gate_passes as g` (decision record 0067). Pending keeps the passes of
 * today and later: one whose day passed is closing (`closePast`). As decided, the other lists are
 * their status. By use, approved keeps only the passes still good or used, and rejected also takes
 * those revoked before use; a pass whose day ended unused is in neither.
 */
function inList(status: GatePassStatus, view: ListView, today: string) {
  const is = sql<boolean>`${ref('status')} = ${status}`;
  if (status === 'pending') return sql<boolean>`${is} and ${ref('date')} >= ${today}`;
  if (view === 'decision') return is;
  if (status === 'approved') {
    return sql<boolean>`${is} and not (${unused} and (${ref('revoked_at')} is not null or ${ref('date')} < ${today}))`;
  }
  return sql<boolean>`(${is} or (${ref('status')} = 'approved' and ${unused} and ${ref('revoked_at')} is not null))`;
}

/** The audit entry of a pass that closed itself: the system's, not a person's. */
const closedEntry = (pass: { id: string; date: string }): AuditRecord => ({
  kind: 'gatepass.close',
  actorLoginId: null,
  actorRole: SYSTEM_ACTOR,
  target: pass.id,
  detail: `Not decided by its day, ${pass.date}`,
});

export function gatePassRepository(db: Db, dialect: Dialect, now: () => number = Date.now) {
  /** Whose passes these are: a decision then changes only their rows (db/changes.ts). */
  const studentsOf = async (ids: readonly string[]): Promise<number[]> =>
    (await db.selectFrom('gate_passes').select('roll_no').distinct().where('id', 'in', ids).execute()).map(
      (row) => row.roll_no,
    );

  /** Every gate pass read: the pass, its student and the deciding teacher, in one query, unordered. */
  const selectPasses = () =>
    db
      .selectFrom('gate_passes as g')
      .innerJoin('students as s', 's.roll_no', 'g.roll_no')
      .leftJoin('teachers as t', 't.account_id', 'g.decided_by')
      .select([
        'g.return_by',
        'g.exited_at',
        'g.returned_at',
        'g.revoked_at',
        'g.closed_at',
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
        's.group_name',
      ]);

  const today = () => new Date(now()).toISOString().slice(0, 10);

  /**
   * The passes of a list, to count: every pass has its student (a foreign key, deleted with them), so
   * the count needs neither join and reads one index, (status, …) or (roll_no, status, …).
   */
  const countPasses = (status: GatePassStatus, view: ListView) =>
    db.selectFrom('gate_passes as g').where(inList(status, view, today()));

  type Row = Awaited<ReturnType<ReturnType<typeof selectPasses>['execute']>>[number];
  /** By use, a pass revoked before anyone used it reads as rejected (it is listed there). */
  const toGatePass = (row: Row, view: ListView = 'decision'): GatePass => {
    const pass = toDecidedPass(row);
    return view === 'use' && pass.gateState === 'revoked' ? { ...pass, approvedStatus: 'rejected' } : pass;
  };
  const toDecidedPass = (row: Row): GatePass => ({
    _id: row.id,
    name: row.name,
    rollNo: row.roll_no,
    email: row.email,
    group: row.group_name,
    contact: row.contact,
    date: row.date,
    time: row.time,
    reason: row.reason,
    approvedStatus: row.status,
    createdAt: row.created_at,
    ...(row.decided_by_name !== null ? { decidedBy: row.decided_by_name } : {}),
    ...(row.decided_at !== null ? { decidedAt: row.decided_at } : {}),
    ...(row.reject_reason ? { rejectReason: row.reject_reason } : {}),
    ...(row.return_by ? { returnBy: row.return_by } : {}),
    ...(row.closed_at ? { closedAt: row.closed_at } : {}),
    ...gateFields(row),
  });
  const gateFields = (row: Row) => {
    const state = gateState(row, now());
    return {
      ...(state ? { gateState: state } : {}),
      ...(row.exited_at ? { exitedAt: row.exited_at } : {}),
      ...(row.returned_at ? { returnedAt: row.returned_at } : {}),
      ...(row.revoked_at ? { revokedAt: row.revoked_at } : {}),
    };
  };

  const findById = async (id: string): Promise<GatePass | undefined> => {
    const row = await selectPasses().where('g.id', '=', id).executeTakeFirst();
    return row ? toGatePass(row) : undefined;
  };

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
    findById,

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
      };
      const entries = also.audit?.(pass) ?? [];
      const notes = await also.notes?.(pass);
      const told = notes && notes.rows.length > 0 ? notes : undefined;
      // The pass's student's rows, and the told mentors' notifications (db/changes.ts).
      const scoped = (on: Db): Db => {
        const passes = writingRowsOf(on, 'gate_passes', [row.roll_no]);
        return told ? writingRowsOf(passes, 'notifications', told.accountIds) : passes;
      };
      await writeTogether(
        db,
        dialect,
        scoped,
        [
          db.insertInto('gate_passes').values(row),
          ...(told ? [db.insertInto('notifications').values([...told.rows])] : []),
          ...(entries.length > 0 ? [insertEntries(entries)] : []),
        ],
        counted,
      );
      return pass;
    },

    /** Passes of a list, newest first; only one student's when rollNo is given. */
    async list(
      status: GatePassStatus,
      page: Page,
      rollNo?: number,
      view: ListView = 'decision',
    ): Promise<Listed<GatePass>> {
      let query = selectPasses().where(inList(status, view, today()));
      let counted = countPasses(status, view);
      if (rollNo !== undefined) {
        query = query.where('g.roll_no', '=', rollNo);
        counted = counted.where('g.roll_no', '=', rollNo);
      }
      query = query.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc');
      return mapItems(await listPage(query, page, counted), (row) => toGatePass(row, view));
    },

    /**
     * The staff list of passes with a status, filtered by group and by the groups a teacher mentors,
     * and sorted; ties go newest applied first, so that pages never overlap.
     */
    async listForStaff(
      status: GatePassStatus,
      page: Page,
      { group, mentoredBy, sort = 'createdAt', order = 'desc' }: GatePassFilter,
      view: ListView = 'decision',
    ): Promise<Listed<GatePass>> {
      let query = selectPasses().where(inList(status, view, today()));
      if (group !== undefined) query = query.where('s.group_name', '=', group);
      if (mentoredBy !== undefined) {
        query = query.where('s.group_name', 'in', (eb) =>
          eb
            .selectFrom('teacher_groups')
            .select('teacher_groups.group_name')
            .where('teacher_groups.teacher_account_id', '=', mentoredBy),
        );
      }
      query = query.orderBy(SORT_COLUMNS[sort], order);
      if (sort !== 'createdAt') query = query.orderBy('g.created_at', 'desc');
      query = query.orderBy('g.id', sort === 'createdAt' ? order : 'desc');
      // The count needs no student's row: unfiltered by group it reads the status index alone, and
      // filtered, the students' index by group and each student's passes in (roll_no, status).
      // Joined like the page, it took 2.1 ms of PostgreSQL's time for a mentor of 400 on the
      // 20,000-student campus, where this takes 1.5–1.8.
      let counted = countPasses(status, view);
      const byStudent = group !== undefined || mentoredBy !== undefined;
      if (byStudent) {
        counted = counted.where('g.roll_no', 'in', rollNosOf(db, { group, mentoredBy }));
      }
      // A mentor's or a group's page reads every one of their few hundred students' passes to order
      // them: on PostgreSQL the same statement counts them (`withPageTotal`), where a second
      // statement read them all again (1.9 ms of PostgreSQL's time for a mentor of 400 on the
      // 20,000-student campus). SQLite counts apart, in-process, for less than the window costs.
      const toPass = (row: Row) => toGatePass(row, view);
      if (byStudent) return mapItems(await listPage(withPageTotal(query), page, counted, 'in-page'), toPass);
      return mapItems(await listPage(query, page, counted), toPass);
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
      const day = today();
      const result = await writingRowsOf(db, 'gate_passes', await studentsOf([id]))
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
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        const current = await db
          .selectFrom('gate_passes')
          .select(['status', 'date', 'closed_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) return { kind: 'not-found' };
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
      const day = today();
      const decided = new Set<string>();
      const found = new Map<string, GatePass>();
      await inChunks(ids, async (chunk) => {
        const rows = await writingRowsOf(db, 'gate_passes', await studentsOf(chunk))
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
          .returning('id')
          .execute();
        for (const row of rows) decided.add(row.id);
      });
      await inChunks(ids, async (chunk) => {
        for (const row of await selectPasses().where('g.id', 'in', chunk).execute()) {
          found.set(row.id, toGatePass(row));
        }
      });
      // Asked passes still pending past their day close now, with every other one.
      if ([...found.values()].some((p) => p.approvedStatus === 'pending' && p.date < day))
        await closePast(day);
      return ids.map((gatepassId): BulkGatePassResult => {
        const gatepass = found.get(gatepassId);
        if (!gatepass) return { gatepassId, outcome: 'not-found' };
        if (decided.has(gatepassId)) return { gatepassId, outcome: 'decided', gatepass };
        if (gatepass.closedAt || gatepass.approvedStatus === 'pending')
          return { gatepassId, outcome: 'closed' };
        return { gatepassId, outcome: 'already-decided', status: gatepass.approvedStatus };
      });
    },

    closePast,
  };
}

export type GatePassRepository = ReturnType<typeof gatePassRepository>;
