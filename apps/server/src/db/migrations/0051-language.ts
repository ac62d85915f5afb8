/**
 * The language a person reads the portal in (decision record 0090): the web app shows it, and the
 * server writes that person's notifications and mails in it. English unless they chose another.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}
