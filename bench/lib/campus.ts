/** Seeding a large campus into a database the bench (or a person) names. */
import { sql } from 'kysely';
import {
  migrateToLatest,
  openDb,
  seedLargeCampus,
  type DbHandle,
  type LargeCampusCounts,
  type SeedProgress,
} from './server';

export interface SeededCampus {
  counts: LargeCampusCounts;
  seconds: number;
}

/** Migrates and seeds an open database; on SQLite folds the WAL back into the file afterwards. */
export async function seedInto(
  handle: DbHandle,
  options: { scale?: number; onProgress?: (p: SeedProgress) => void },
): Promise<SeededCampus> {
  await migrateToLatest(handle);
  const started = performance.now();
  const counts = await seedLargeCampus(handle.db, handle.dialect, options);
  // On PostgreSQL the seed ends as autovacuum would (vacuum analyze); SQLite folds its WAL back.
  if (handle.dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
  return { counts, seconds: (performance.now() - started) / 1000 };
}

/** Seeds a new SQLite file (which must not exist yet) and closes it. */
export async function seedSqliteFile(
  file: string,
  options: { scale?: number; onProgress?: (p: SeedProgress) => void },
): Promise<SeededCampus> {
  const handle = openDb({ sqliteFile: file });
  try {
    return await seedInto(handle, options);
  } finally {
    await handle.close();
  }
}
