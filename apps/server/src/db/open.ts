/** Opens the configured database, migrated, and seeds a demo campus on first start. */
import { join } from 'node:path';
import type { Config } from '../config';
import { createOwnerOnly } from '../lib/file-modes';
import { openDb, type DbHandle } from './index';
import { FIRST_MIGRATION, migrateToLatest } from './migrate';
import { seedDemoCampus } from './seed/demo';

export async function openConfiguredDb(config: Config): Promise<DbHandle> {
  if (config.databaseUrl) return openDb({ databaseUrl: config.databaseUrl });
  const sqliteFile = join(config.dataDir, 'campus.db');
  // SQLite gives the -wal and -shm files the mode of the database file.
  createOwnerOnly(sqliteFile);
  return openDb({ sqliteFile });
}

/**
 * Migrates, and with SEED=demo creates the demo campus, but only on a database this start has just
 * created (its first migration ran now) and that is empty. A real campus restarted without
 * SEED=none, even one still without accounts, is never given the demo accounts and their password.
 */
export async function prepareDb(config: Config, handle: DbHandle): Promise<{ seeded: boolean }> {
  const applied = await migrateToLatest(handle);
  const created = applied.includes(FIRST_MIGRATION);
  const seeded = config.seed === 'demo' && created && (await seedDemoCampus(handle.db, handle.dialect));
  return { seeded };
}
