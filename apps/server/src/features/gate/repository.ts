/** The gate's SQL: codes, scans, exits and returns (each one conditional update), revocation, the movement log. */
import { randomInt } from 'node:crypto';
import {
  GATE_CODE_ALPHABET,
  GATE_CODE_LENGTH,
  type GateMovement,
  type GatePassAtGate,
  type GateRefusal,
} from '@campus/contract';
import { writingRows } from '../../db/changes';
import { withActorName } from '../../db/actor-name';
import { gatepassWrites } from '../gatepasses/cache-keys';
import type { Db } from '../../db/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import type { Webhooks } from '../webhooks/index';
import { campusMoment, gateState, initialsOf, isLate, type CampusMoment } from './state';

export function newGateCode(): string {
  let code = '';
  for (let i = 0; i < GATE_CODE_LENGTH; i++)
    code += GATE_CODE_ALPHABET.charAt(randomInt(GATE_CODE_ALPHABET.length));
  return code;
}

/** `zone`: the campus's time zone, whose day and clock a pass's date and times are. */
export function gateRepository(
  db: Db,
  now: () => number,
  zone: () => Promise<string>,
  /** Exits, returns and overdue passes are told to the webhook endpoints that listen (record 0085). */
  webhooks?: Webhooks,
) {
  const iso = () => new Date(now()).toISOString();
  const moment = async () => campusMoment(now(), await zone());

  const selectGate = () => {
    const passes = db
      .selectFrom('gate_passes as g')
      .innerJoin('students as s', 's.roll_no', 'g.roll_no')
      .select([
        'g.id',
        'g.roll_no',
        'g.status',
        'g.date',
        'g.time',
        'g.return_by',
        'g.reason',
        'g.gate_code',
        'g.exited_at',
        'g.returned_at',
        'g.revoked_at',
        'g.overdue_notified_at',
        's.name',
        's.group_name',
        's.account_id as student_account_id',
      ]);
    // The desk's guards and admins record movements.
    const exits = withActorName(passes, 'g.exited_by', ['guards', 'admins'], 'exited_by_name');
    return withActorName(exits, 'g.returned_by', ['guards', 'admins'], 'returned_by_name');
  };
  type Row = Awaited<ReturnType<ReturnType<typeof selectGate>['execute']>>[number];

  const atGate = (row: Row, at: CampusMoment): GatePassAtGate => {
    const state = gateState(row, at);
    return {
      _id: row.id,
      name: row.name,
      initials: initialsOf(row.name),
      rollNo: row.roll_no,
      group: row.group_name,
      date: row.date,
      time: row.time,
      ...(row.return_by ? { returnBy: row.return_by } : {}),
      reason: row.reason,
      ...(state ? { gateState: state } : {}),
      ...(row.exited_at ? { exitedAt: row.exited_at } : {}),
      ...(row.returned_at ? { returnedAt: row.returned_at } : {}),
    };
  };

  const movement = (row: Row, at: CampusMoment): GateMovement => ({
    gatepassId: row.id,
    name: row.name,
    rollNo: row.roll_no,
    group: row.group_name,
    date: row.date,
    time: row.time,
    ...(row.return_by ? { returnBy: row.return_by } : {}),
    reason: row.reason,
    gateState: gateState(row, at) ?? 'ready',
    ...(row.exited_at ? { exitedAt: row.exited_at } : {}),
    ...(row.exited_by_name ? { exitedBy: row.exited_by_name } : {}),
    ...(row.returned_at ? { returnedAt: row.returned_at } : {}),
    ...(row.returned_by_name ? { returnedBy: row.returned_by_name } : {}),
  });

  /** Runs a write of one pass, said to change only its student's passes (db/changes.ts). */
  const ofPass = async <T>(id: string, write: (db: Db) => Promise<T>): Promise<T> => {
    const row = await db.selectFrom('gate_passes').select('roll_no').where('id', '=', id).executeTakeFirst();
    // No such pass: the write changes nothing, whoever it is said to be for.
    return write(row ? writingRows(db, gatepassWrites.passesOf([row.roll_no])) : db);
  };

  /**
   * A movement of one pass (one conditional update), and its webhook event queued in the same
   * transaction when the update changed the pass; without a listening endpoint, the update alone.
   */
  const moved = async (
    id: string,
    kind: 'gate.exit' | 'gate.return',
    update: (db: Db) => Promise<{ numUpdatedRows: bigint }>,
  ): Promise<boolean> => {
    if (!webhooks || !(await webhooks.wants(kind))) {
      return (await ofPass(id, update)).numUpdatedRows === 1n;
    }
    const row = await db.selectFrom('gate_passes').select('roll_no').where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    return db.transaction().execute(async (trx) => {
      const result = await update(writingRows(trx, gatepassWrites.passesOf([row.roll_no])));
      if (result.numUpdatedRows !== 1n) return false;
      const pass = await trx
        .selectFrom('gate_passes')
        .select(['id', 'roll_no', 'date', 'return_by', 'exited_at', 'returned_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await webhooks.emit(
        kind,
        {
          gatePassId: pass.id,
          rollNo: pass.roll_no,
          date: pass.date,
          returnBy: pass.return_by,
          exitedAt: pass.exited_at,
          returnedAt: pass.returned_at,
        },
        trx,
      );
      return true;
    });
  };

  return {
    moment,
    atGate,
    movement,

    findById: (id: string) => selectGate().where('g.id', '=', id).executeTakeFirst(),
    findByCode: (code: string) => selectGate().where('g.gate_code', '=', code).executeTakeFirst(),
    findScan: (id: string) =>
      db
        .selectFrom('gate_scans')
        .select(['id', 'at', 'gate_pass_id', 'outcome'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The pass's short code, given the first time it is asked for (unique; a clash draws again). */
    async codeFor(id: string): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await db
          .selectFrom('gate_passes')
          .select('gate_code')
          .where('id', '=', id)
          .executeTakeFirst();
        if (row?.gate_code) return row.gate_code;
        try {
          await ofPass(id, (scoped) =>
            scoped
              .updateTable('gate_passes')
              .set({ gate_code: newGateCode() })
              .where('id', '=', id)
              .where('gate_code', 'is', null)
              .execute(),
          );
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
      }
      throw new Error('No free gate code was found');
    },

    /** Records one scan (allowed or refused). */
    async recordScan(scan: {
      guard: string;
      passId: string | null;
      outcome: string;
      reason?: GateRefusal | undefined;
      via: 'qr' | 'code' | 'offline';
    }): Promise<string> {
      const id = newId();
      await db
        .insertInto('gate_scans')
        .values({
          id,
          at: iso(),
          guard_account_id: scan.guard,
          gate_pass_id: scan.passId,
          outcome: scan.outcome,
          reason: scan.reason ?? null,
          via: scan.via,
        })
        .execute();
      return id;
    },

    /**
     * Records the exit, once: a conditional update that only an approved, unrevoked pass of today
     * with no exit yet passes, so that of two gates confirming at once exactly one records it.
     */
    async exit(id: string, guard: string): Promise<boolean> {
      const { today } = await moment();
      return moved(id, 'gate.exit', (scoped) =>
        scoped
          .updateTable('gate_passes')
          .set({ exited_at: iso(), exited_by: guard })
          .where('id', '=', id)
          .where('status', '=', 'approved')
          .where('revoked_at', 'is', null)
          .where('exited_at', 'is', null)
          .where('date', '=', today)
          .executeTakeFirst(),
      );
    },

    /** Records the return, once: only a pass that is out and not back passes. */
    async return(id: string, guard: string): Promise<boolean> {
      return moved(id, 'gate.return', (scoped) =>
        scoped
          .updateTable('gate_passes')
          .set({ returned_at: iso(), returned_by: guard })
          .where('id', '=', id)
          .where('exited_at', 'is not', null)
          .where('returned_at', 'is', null)
          .executeTakeFirst(),
      );
    },

    /** Revokes an approved pass nobody has used, once. */
    async revoke(id: string, by: string): Promise<boolean> {
      const { today } = await moment();
      const result = await ofPass(id, (scoped) =>
        scoped
          .updateTable('gate_passes')
          .set({ revoked_at: iso(), revoked_by: by })
          .where('id', '=', id)
          .where('status', '=', 'approved')
          .where('exited_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('date', '>=', today)
          .executeTakeFirst(),
      );
      return result.numUpdatedRows === 1n;
    },

    /** Removes the student's own pending pass; false when it is not theirs or not pending. */
    async withdraw(id: string, rollNo: number): Promise<boolean> {
      const result = await db
        .deleteFrom('gate_passes')
        .where('id', '=', id)
        .where('roll_no', '=', rollNo)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    /** Passes a credential may name that the gate refuses whatever the device thinks: revoked or used. */
    async refusedIds(): Promise<{ _id: string; reason: GateRefusal }[]> {
      const { today } = await moment();
      const rows = await db
        .selectFrom('gate_passes')
        .select(['id', 'revoked_at', 'returned_at', 'exited_at'])
        .where('status', '=', 'approved')
        .where('date', '>=', today)
        .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('exited_at', 'is not', null)]))
        .execute();
      return rows.map((r) => ({
        _id: r.id,
        reason: r.revoked_at && !r.exited_at ? 'revoked' : r.returned_at ? 'already-back' : 'already-out',
      }));
    },

    /**
     * The movement log: who is out now (any day), and the day's passes that went out; only the
     * students of `group`, or of the groups `mentoredBy` mentors.
     */
    async movements(date: string, filter: { group?: string | undefined; mentoredBy?: string | undefined }) {
      const scoped = (query: ReturnType<typeof selectGate>) => {
        let q = query.where('g.status', '=', 'approved');
        if (filter.group !== undefined) q = q.where('s.group_name', '=', filter.group);
        if (filter.mentoredBy !== undefined) {
          const mentor = filter.mentoredBy;
          q = q.where('s.group_name', 'in', (eb) =>
            eb
              .selectFrom('teacher_groups')
              .select('teacher_groups.group_name')
              .where('teacher_groups.teacher_account_id', '=', mentor),
          );
        }
        return q.orderBy('g.exited_at', 'asc').orderBy('g.id', 'asc');
      };
      const outRows = await scoped(selectGate())
        .where('g.exited_at', 'is not', null)
        .where('g.returned_at', 'is', null)
        .execute();
      const dayRows = await scoped(selectGate())
        .where('g.date', '=', date)
        .where('g.exited_at', 'is not', null)
        .execute();
      const at = await moment();
      const out = outRows.map((row) => movement(row, at));
      return {
        date,
        out,
        overdue: out.filter((m) => m.gateState === 'overdue'),
        day: dayRows.map((row) => movement(row, at)),
      };
    },

    /** How many students are out past their return time. */
    async countOverdue(): Promise<number> {
      const rows = await db
        .selectFrom('gate_passes')
        .select(['date', 'return_by'])
        .where('exited_at', 'is not', null)
        .where('returned_at', 'is', null)
        .execute();
      const at = await moment();
      return rows.filter((r) => isLate(r, at)).length;
    },

    /**
     * Passes out past their return time whose mentors were not told yet, each claimed by one
     * conditional update so that, of several instances sweeping at once, one tells them.
     */
    async claimOverdue(): Promise<Row[]> {
      const rows = await selectGate()
        .where('g.exited_at', 'is not', null)
        .where('g.returned_at', 'is', null)
        .where('g.overdue_notified_at', 'is', null)
        .execute();
      const at = await moment();
      const claimed: Row[] = [];
      for (const row of rows) {
        if (!isLate(row, at)) continue;
        const claim = async (on: Db) => {
          const result = await writingRows(on, gatepassWrites.passesOf([row.roll_no]))
            .updateTable('gate_passes')
            .set({ overdue_notified_at: iso() })
            .where('id', '=', row.id)
            .where('overdue_notified_at', 'is', null)
            .executeTakeFirst();
          if (result.numUpdatedRows !== 1n) return false;
          // With the claim, so that of several instances sweeping, the one that tells queues it.
          await webhooks?.emit(
            'gate.overdue',
            {
              gatePassId: row.id,
              rollNo: row.roll_no,
              date: row.date,
              returnBy: row.return_by,
              exitedAt: row.exited_at,
            },
            on,
          );
          return true;
        };
        const won =
          webhooks && (await webhooks.wants('gate.overdue'))
            ? await db.transaction().execute(claim)
            : await claim(db);
        if (won) claimed.push(row);
      }
      return claimed;
    },
  };
}

export type GateRepository = ReturnType<typeof gateRepository>;
export type GateRow = NonNullable<Awaited<ReturnType<GateRepository['findById']>>>;
