/** Opens the configured database, migrated, and seeds a demo campus on first start. */
import { join } from 'node:path';
import { sql } from 'kysely';
import { createOwnerOnly } from '../lib/file-modes';
import { openDb, type DbHandle } from './index';
import { FIRST_MIGRATION, migrateToLatest } from './migrate';
import { seedDemoCampus } from './seed/demo';

/** The settings (config.ts) a database is opened and prepared with. */
export interface DbConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  seed: 'demo' | 'none';
}

/** `server`: the long-running server, which checkpoints SQLite's WAL on a thread of its own. */
export async function openConfiguredDb(config: DbConfig, server = false): Promise<DbHandle> {
  if (config.databaseUrl) {
    return openDb({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
  }
  const sqliteFile = join(config.dataDir, 'campus.db');
  // SQLite gives the -wal and -shm files the mode of the database file.
  createOwnerOnly(sqliteFile);
  return openDb({ sqliteFile, checkpointInBackground: server });
}

/**
 * SQLite plans a query by what it knows of the tables' sizes and spread, and without statistics may
 * walk a whole table where an index would do (decision record 0027). `pragma optimize` at each start
 * gathers them where they are missing or the table grew tenfold, each index sampled (`analysis_limit`),
 * as SQLite advises for long-running applications; PostgreSQL's autovacuum does the same of itself.
 *
 * Migrates, and with SEED=demo creates the demo campus, but only on a database this start has just
 * created (its first migration ran now) and that is empty. A real campus restarted without
 * SEED=none, even one still without accounts, is never given the demo accounts and their password.
 */
export async function prepareDb(config: DbConfig, handle: DbHandle): Promise<{ seeded: boolean }> {
  const applied = await migrateToLatest(handle);
  const created = applied.includes(FIRST_MIGRATION);
  const seeded = config.seed === 'demo' && created && (await seedDemoCampus(handle.db, handle.dialect));
  if (handle.dialect === 'sqlite') await sql`pragma optimize = 0x10002`.execute(handle.db);
  return { seeded };
}
