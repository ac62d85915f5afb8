/** Runs the migrations of db/migrations, in order, on either dialect. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './index';
import * as initial from './migrations/0001-initial';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
