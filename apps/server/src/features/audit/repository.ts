/** The audit log's SQL: append entries, read them back filtered by kind and person. */
import type { AuditEntry, AuditKind } from '@campus/contract';
import { sql } from 'kysely';
import { withActorName } from '../../db/actor-name';
import type { Db, Dialect } from '../../db/index';
import { batched } from '../../lib/batch';
import { newId, nowIso } from '../../lib/ids';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';

/** The actor role of entries no person made. */
export const SYSTEM_ACTOR = 'system';

export interface AuditRecord {
  kind: AuditKind;
  actorLoginId: number | null;
  actorRole: string | null;
  target: string | null;
  detail: string | null;
  /** The client's address, on sign-in entries. */
  client?: string | null;
}

interface AuditRow {
  id: string;
  at: string;
  kind: AuditKind;
  actor_login_id: number | null;
  actor_role: string | null;
  target: string | null;
  detail: string | null;
  client: string | null;
}

/** Up to this many entries are written as values, one SQL text for each number of them. */
const FEW_ROWS = 8;

/**
 * The entries of many requests in one statement, as one JSON parameter the database unpacks, so the
 * SQL text stays the same whatever their number.
 */
function insertMany(dialect: Dialect, rows: AuditRow[]) {
  const json = JSON.stringify(rows);
  return dialect === 'postgres'
    ? sql`
        insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail, client)
        select id, at, kind, actor_login_id, actor_role, target, detail, client
        from json_to_recordset(${json}::json) as e(id text, at text, kind text, actor_login_id integer,
          actor_role text, target text, detail text, client text)`
    : sql`
        insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail, client)
        select value ->> 'id', value ->> 'at', value ->> 'kind', value ->> 'actor_login_id',
          value ->> 'actor_role', value ->> 'target', value ->> 'detail', value ->> 'client'
        from json_each(${json})`;
}

const rowOf = (entry: AuditRecord, at: string): AuditRow => ({
  id: newId(),
  at,
  kind: entry.kind,
  actor_login_id: entry.actorLoginId,
  actor_role: entry.actorRole,
  target: entry.target,
  detail: entry.detail,
  client: entry.client ?? null,
});

/** A few entries' insert, as values. */
function insertValues(rows: readonly AuditRow[]) {
  const values = rows.map(
    (row) =>
      sql`(${row.id}, ${row.at}, ${row.kind}, ${row.actor_login_id}, ${row.actor_role}, ${row.target}, ${row.detail}, ${row.client})`,
  );
  return sql`
      insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail, client)
      values ${sql.join(values)}`;
}

/**
 * The insert of one change's entries (`entriesWithWrite`), for the change's own statement or
 * transaction to run: on PostgreSQL as the last part of a `with` statement, on SQLite beside it.
 */
export const insertEntries = (entries: readonly AuditRecord[]) => {
  const at = nowIso();
  return insertValues(entries.map((entry) => rowOf(entry, at)));
};

/**
 * The insert of many entries of one change (a sweep that closes thousands of passes), for its own
 * transaction to run: one statement whatever their number.
 */
export const insertManyEntries = (dialect: Dialect, entries: readonly AuditRecord[]) => {
  const at = nowIso();
  return insertMany(
    dialect,
    entries.map((entry) => rowOf(entry, at)),
  );
};

export function auditRepository(db: Db, dialect: Dialect) {
  /** How many entries the log holds, or of one kind: the sum of the shares its triggers keep. */
  const keptCount = async (kind: AuditKind | undefined): Promise<number> => {
    let counts = db
      .selectFrom('audit_log_counts')
      .select((eb) => eb.fn.sum<number | string | null>('total').as('total'));
    if (kind) counts = counts.where('kind', '=', kind);
    const row = await counts.executeTakeFirst();
    return Number(row?.total ?? 0);
  };
  // Entries of requests that finish while others' are being written go in together (lib/batch.ts).
  // A request's entries (a mark and its corrections) stay together, in one statement.
  const write = batched<AuditRow[]>(async (groups) => {
    const rows = groups.flat();
    if (rows.length === 0) return;
    if (rows.length > FEW_ROWS) {
      await insertMany(dialect, rows).execute(db);
      return;
    }
    // A few rows (a mark and its correction) as values: unpacking JSON cost a quarter more for them.
    await insertValues(rows).execute(db);
  });

  return {
    /** Every change of state writes one, and the answer waits until it is written. */
    record(entry: AuditRecord): Promise<void> {
      return write([rowOf(entry, nowIso())]);
    },

    /** Several entries of one change, written together (one statement), at the same time. */
    recordAll(entries: readonly AuditRecord[]): Promise<void> {
      const at = nowIso();
      return write(entries.map((entry) => rowOf(entry, at)));
    },

    /**
     * Refusals (and sign-ins) add to one entry per kind, User ID, client, answer and window instead
     * of a row each, so that a flood of them cannot fill the disk. The entry keeps the first time.
     * With no User ID the entry is the client's, whatever User IDs it tried (record 0024).
     */
    async recordCounted(entry: AuditRecord, windowMs: number, now: number): Promise<void> {
      const window = Math.floor(now / windowMs) * windowMs;
      const id = `${entry.kind}:${entry.actorLoginId ?? '-'}:${entry.client ?? '-'}:${entry.detail ?? '-'}:${window}`;
      await sql`
        insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail, client, count)
        values (${id}, ${new Date(now).toISOString()}, ${entry.kind}, ${entry.actorLoginId}, ${entry.actorRole},
          ${entry.target}, ${entry.detail}, ${entry.client ?? null}, 1)
        on conflict (id) do update set count = audit_log.count + 1`.execute(db);
    },

    /** Removes entries older than `before`: what the scheduled pruning keeps the log to. */
    async prune(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('audit_log')
        .where('at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async list(
      query: { kind?: AuditKind | undefined; actor?: number | undefined } & Page,
    ): Promise<Listed<AuditEntry>> {
      let q = db
        .selectFrom('audit_log')
        .leftJoin('accounts', 'accounts.login_id', 'audit_log.actor_login_id')
        .select([
          'audit_log.id',
          'audit_log.at',
          'audit_log.kind',
          'audit_log.actor_login_id',
          'audit_log.actor_role',
          'audit_log.target',
          'audit_log.detail',
          'audit_log.client',
          'audit_log.count',
        ])
        .$call((q) => withActorName(q, 'accounts.id', ['students', 'teachers', 'admins'], 'actor_name'));
      // The count reads the log alone: each joined table has at most one row per entry (login ids
      // and account ids are unique), so the joins never change it.
      let counted = db.selectFrom('audit_log');
      if (query.kind) {
        q = q.where('audit_log.kind', '=', query.kind);
        counted = counted.where('audit_log.kind', '=', query.kind);
      }
      if (query.actor !== undefined) {
        q = q.where('audit_log.actor_login_id', '=', query.actor);
        counted = counted.where('audit_log.actor_login_id', '=', query.actor);
      }
      const page = await listPage(
        q.orderBy('audit_log.at', 'desc').orderBy('audit_log.id', 'desc'),
        query,
        // The whole log, or one kind of it, is counted by the triggers of migration 0035; one
        // person's entries (a few thousand in a year) are counted through their index.
        query.actor === undefined ? () => keptCount(query.kind) : counted,
      );
      return mapItems(page, (r) => ({
        _id: r.id,
        at: r.at,
        kind: r.kind,
        actorLoginId: r.actor_login_id,
        actorRole: r.actor_role,
        // What the campus does on its own (closing passes whose day passed) is the system's.
        actorName: r.actor_name ?? (r.actor_role === SYSTEM_ACTOR ? 'System' : null),
        target: r.target,
        detail: r.detail,
        client: r.client,
        count: r.count,
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
