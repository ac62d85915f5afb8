/**
 * Gate passes as their lists and screens read them: each with its student and whoever decided it,
 * filtered into lists by use or as decided (decision record 0067).
 */
import type { GatePass, GatePassSort, GatePassStatus, SortOrder } from '@campus/contract';
import { sql } from 'kysely';
import { withActorName } from '../../db/actor-name';
import type { Db } from '../../db/index';
import { rollNosOf } from '../../db/mentees';
import { inChunks } from '../../lib/chunks';
import { listPage, mapItems, withPageTotal, type Listed, type Page } from '../../lib/lists';
import { campusMoment, gateState, type CampusMoment } from '../gate/state';

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

/** Not waiting for a guardian's consent: null on a campus that asks no guardian. */
const notWaiting = sql<boolean>`(${ref('guardian_consent')} is null or ${ref('guardian_consent')} <> 'waiting')`;

/** `zone`: the campus's time zone, whose day a pass's date is. */
export function passReads(db: Db, now: () => number, zone: () => Promise<string>) {
  /** Every gate pass read: the pass, its student and the deciding teacher, in one query, unordered. */
  const selectPasses = () =>
    db
      .selectFrom('gate_passes as g')
      .innerJoin('students as s', 's.roll_no', 'g.roll_no')
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
        'g.decided_at',
        'g.reject_reason',
        's.group_name',
        'g.guardian_consent',
      ])
      .$call((q) => withActorName(q, 'g.decided_by', ['teachers'], 'decided_by_name'));

  const moment = async () => campusMoment(now(), await zone());
  const today = async () => (await moment()).today;

  /**
   * The passes of a list, to count: every pass has its student (a foreign key, deleted with them), so
   * the count needs neither join and reads one index, (status, …) or (roll_no, status, …).
   */
  const countPasses = (status: GatePassStatus, view: ListView, today: string) =>
    db.selectFrom('gate_passes as g').where(inList(status, view, today));

  type Row = Awaited<ReturnType<ReturnType<typeof selectPasses>['execute']>>[number];
  /** By use, a pass revoked before anyone used it reads as rejected (it is listed there). */
  const toGatePass = (row: Row, at: CampusMoment, view: ListView = 'decision'): GatePass => {
    const pass = toDecidedPass(row, at);
    return view === 'use' && pass.gateState === 'revoked' ? { ...pass, approvedStatus: 'rejected' } : pass;
  };
  const toDecidedPass = (row: Row, at: CampusMoment): GatePass => ({
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
    ...consentFields(row),
    ...gateFields(row, at),
  });
  /** Where the pass stands with a guardian, when one was asked (decision record 0092). */
  const consentFields = (row: Row) => {
    const consent = row.guardian_consent;
    if (consent === 'waiting') return row.status === 'pending' ? { waitingFor: 'guardian' as const } : {};
    return consent ? { guardianConsent: consent } : {};
  };
  const gateFields = (row: Row, at: CampusMoment) => {
    const state = gateState(row, at);
    return {
      ...(state ? { gateState: state } : {}),
      ...(row.exited_at ? { exitedAt: row.exited_at } : {}),
      ...(row.returned_at ? { returnedAt: row.returned_at } : {}),
      ...(row.revoked_at ? { revokedAt: row.revoked_at } : {}),
    };
  };

  async function findById(id: string): Promise<GatePass | undefined> {
    const row = await selectPasses().where('g.id', '=', id).executeTakeFirst();
    return row ? toGatePass(row, await moment()) : undefined;
  }

  /** The passes of these ids that exist, by id, as decided; one read per chunk of ids. */
  async function findMany(ids: readonly string[]): Promise<Map<string, GatePass>> {
    const found = new Map<string, GatePass>();
    const at = await moment();
    await inChunks(ids, async (chunk) => {
      for (const row of await selectPasses().where('g.id', 'in', chunk).execute()) {
        found.set(row.id, toGatePass(row, at));
      }
    });
    return found;
  }

  /** Passes of a list, newest first, as at `at`; only one student's when rollNo is given. */
  async function list(
    status: GatePassStatus,
    page: Page,
    rollNo: number | undefined,
    view: ListView,
    at: CampusMoment,
  ): Promise<Listed<GatePass>> {
    let query = selectPasses().where(inList(status, view, at.today));
    let counted = countPasses(status, view, at.today);
    if (rollNo !== undefined) {
      query = query.where('g.roll_no', '=', rollNo);
      counted = counted.where('g.roll_no', '=', rollNo);
    }
    query = query.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc');
    return mapItems(await listPage(query, page, counted), (row) => toGatePass(row, at, view));
  }

  /**
   * The staff list of passes with a status, filtered by group and by the groups a teacher mentors,
   * and sorted, as at `at`; ties go newest applied first, so that pages never overlap.
   */
  async function listForStaff(
    status: GatePassStatus,
    page: Page,
    { group, mentoredBy, sort = 'createdAt', order = 'desc' }: GatePassFilter,
    view: ListView,
    at: CampusMoment,
  ): Promise<Listed<GatePass>> {
    let query = selectPasses().where(inList(status, view, at.today));
    // A pass waiting for its guardian's consent is not yet the staff's (decision record 0092).
    if (status === 'pending') query = query.where(notWaiting);
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
    // filtered, the students' index by group and each student's passes in (roll_no, status)
    // (docs/performance.md, "Gate passes: a mentor's page and its count").
    let counted = countPasses(status, view, at.today);
    if (status === 'pending') counted = counted.where(notWaiting);
    const byStudent = group !== undefined || mentoredBy !== undefined;
    if (byStudent) {
      counted = counted.where('g.roll_no', 'in', rollNosOf(db, { group, mentoredBy }));
    }
    // A mentor's or a group's page reads every one of their few hundred students' passes to order
    // them: on PostgreSQL the same statement counts them (`withPageTotal`) instead of reading them
    // again; SQLite counts apart, in-process, for less than the window costs.
    const toPass = (row: Row) => toGatePass(row, at, view);
    if (byStudent) return mapItems(await listPage(withPageTotal(query), page, counted, 'in-page'), toPass);
    return mapItems(await listPage(query, page, counted), toPass);
  }

  return { today, findById, findMany, list, listForStaff };
}

export type PassReads = ReturnType<typeof passReads>;
