/** Opens the configured database, migrated, and seeds a demo campus on first start. */
import { join } from 'node:path';
import type { Config } from '../config';
import { openDb, type DbHandle } from './index';
import { migrateToLatest } from './migrate';
import { seedDemoCampus } from './seed/demo';

export async function openConfiguredDb(config: Config): Promise<DbHandle> {
  return openDb(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { sqliteFile: join(config.dataDir, 'campus.db') },
  );
}

export async function prepareDb(config: Config, handle: DbHandle): Promise<{ seeded: boolean }> {
  await migrateToLatest(handle);
  const seeded = config.seed === 'demo' && (await seedDemoCampus(handle.db, handle.dialect));
  return { seeded };
}
