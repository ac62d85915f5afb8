/** The SQL of a token's requests: finding its client, keeping its last use, its trace in the audit log. */
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { ApiClientFound } from '../../plugins/api-client-access';
import { hashToken, scopesOf } from './repository';

/** The client a token belongs to, when neither revoked nor expired at `now`. */
export async function findLiveClient(
  db: Db,
  token: string,
  now: number,
): Promise<ApiClientFound | undefined> {
  const row = await db
    .selectFrom('api_clients')
    .innerJoin('accounts', 'accounts.id', 'api_clients.created_by')
    .select([
      'api_clients.id',
      'api_clients.name',
      'api_clients.scopes',
      'api_clients.per_minute',
      'api_clients.last_used_at',
      'accounts.id as account_id',
      'accounts.login_id',
    ])
    .where('api_clients.token_hash', '=', hashToken(token))
    .where('api_clients.revoked_at', 'is', null)
    .where('api_clients.expires_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    perMinute: row.per_minute,
    lastUsedAt: row.last_used_at,
    accountId: row.account_id,
    loginId: row.login_id,
  };
}

export async function touchClient(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_clients').set({ last_used_at: at }).where('id', '=', id).execute();
}

export interface ClientUse {
  clientId: string;
  name: string;
  loginId: number;
  route: string;
  status: number;
  address: string;
  now: number;
}

/**
 * One audit entry per client, route, answer, client address and minute, counting its requests
 * (`count`): every use is in the log, and a busy integration adds a row a minute per route, not one
 * per request.
 */
export async function recordClientUse(db: Db, use: ClientUse): Promise<void> {
  const window = Math.floor(use.now / 60_000) * 60_000;
  const id = `api_client.use:${use.clientId}:${use.route}:${use.status}:${use.address}:${window}`;
  const detail = `${use.name}: ${use.route} → ${use.status}`.slice(0, 200);
  await sql`
    insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail, client, count)
    values (${id}, ${new Date(use.now).toISOString()}, ${'api_client.use'}, ${use.loginId}, ${'api_client'},
      ${use.clientId}, ${detail}, ${use.address}, 1)
    on conflict (id) do update set count = audit_log.count + 1`.execute(db);
}
