/**
 * A campus run from its admin area: accounts can be deactivated (they keep their records but cannot
 * sign in) and can be made to change a one-time password at their next sign-in; groups exist on
 * their own, so an admin can create one before any student is in it and a mentor can be assigned
 * to it. The groups already named by students or mentors are copied in.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('deactivated_at', 'text').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('groups')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`
    insert into groups (name, created_at)
    select group_name, ${new Date().toISOString()} from (
      select group_name from students union select group_name from teacher_groups
    ) named
  `.execute(db);
}
