/**
 * Single sign-on's sign-ins under way (decision record 0086): the state, nonce and PKCE verifier of
 * each, found by the hash of the browser's short-lived cookie, so that any instance behind the
 * balancer can finish a sign-in another one started, and each is used once.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_logins_expires').on('sso_logins').column('expires_at').execute();
}
