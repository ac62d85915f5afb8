/**
 * Integrations' API clients (decision record 0083): a token is kept only as its SHA-256 hash, with
 * the scopes it holds, its expiry, its own budget a minute, who made it and when it was last used.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('api_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    // Space-separated scope names (contract API_SCOPES).
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text', (c) => c.references('accounts.id'))
    .execute();
}
