/**
 * The client address of sign-in entries (successes, refusals, lockouts), and a count, so that a
 * flood of refusals for one User ID adds to one entry per window instead of one row each.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('client', 'text').execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
