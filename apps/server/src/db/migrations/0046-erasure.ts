/**
 * When an admin erased the account's personal data (decision record 0084): the account and its
 * counted records stay, under a pseudonym, and it cannot be erased or exported as a person again.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('erased_at', 'text').execute();
}
