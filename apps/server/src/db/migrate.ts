/** Runs the migrations of db/migrations, in order, on either dialect. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { sql } from 'kysely';
import type { DbHandle } from './index';
import * as initial from './migrations/0001-initial';
import * as auditLog from './migrations/0002-audit-log';
import * as changeNotifications from './migrations/0003-change-notifications';
import * as attendanceByDate from './migrations/0004-attendance-by-date';
import * as notifyOnlyChanges from './migrations/0005-notify-only-changes';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-audit-log': auditLog,
  '0003-change-notifications': changeNotifications,
  '0004-attendance-by-date': attendanceByDate,
  '0005-notify-only-changes': notifyOnlyChanges,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const { db } = handle;
  // On PostgreSQL Kysely looks for its bookkeeping tables in every schema unless told which one,
  // and could find another schema's (tests give each file its own): name the current one.
  const schema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
