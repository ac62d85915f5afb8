/** The audit log's SQL: append entries, read them back filtered by kind and person. */
import type { AuditKind } from '@campus/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';

export interface AuditRecord {
  kind: AuditKind;
  actorLoginId: number | null;
  actorRole: string | null;
  target: string | null;
  detail: string | null;
}

export function auditRepository(db: Db) {
  return {
    /** Every change of state writes one: the statement is written out so nothing is built per entry. */
    async record(entry: AuditRecord): Promise<void> {
      await sql`
        insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail)
        values (${newId()}, ${nowIso()}, ${entry.kind}, ${entry.actorLoginId}, ${entry.actorRole},
          ${entry.target}, ${entry.detail})`.execute(db);
    },

    async list(query: {
      kind?: AuditKind | undefined;
      actor?: number | undefined;
      limit: number;
      offset: number;
    }) {
      let q = db
        .selectFrom('audit_log')
        .leftJoin('accounts', 'accounts.login_id', 'audit_log.actor_login_id')
        .leftJoin('students', 'students.account_id', 'accounts.id')
        .leftJoin('teachers', 'teachers.account_id', 'accounts.id')
        .leftJoin('admins', 'admins.account_id', 'accounts.id')
        .select([
          'audit_log.id',
          'audit_log.at',
          'audit_log.kind',
          'audit_log.actor_login_id',
          'audit_log.actor_role',
          'audit_log.target',
          'audit_log.detail',
          'students.name as studentName',
          'teachers.name as teacherName',
          'admins.name as adminName',
        ]);
      if (query.kind) q = q.where('audit_log.kind', '=', query.kind);
      if (query.actor !== undefined) q = q.where('audit_log.actor_login_id', '=', query.actor);
      const rows = await q
        .orderBy('audit_log.at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return rows.map((r) => ({
        _id: r.id,
        at: r.at,
        kind: r.kind,
        actorLoginId: r.actor_login_id,
        actorRole: r.actor_role,
        actorName: r.studentName ?? r.teacherName ?? r.adminName ?? null,
        target: r.target,
        detail: r.detail,
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
