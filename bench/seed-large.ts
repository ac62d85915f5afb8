/**
 * Seeds the large campus (20,000 students, 2,000,000 attendance marks …) into the configured database:
 * DATA_DIR/campus.db on SQLite, or DATABASE_URL on PostgreSQL. The database must have no accounts yet.
 *
 *   DATA_DIR=/tmp/large npx tsx bench/seed-large.ts [--scale 0.1]
 */
import { parseArgs } from 'node:util';
import { seedInto } from './lib/campus';
import { progressBar } from './lib/server';
import { loadConfig, openConfiguredDb } from './lib/server';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
const config = loadConfig();
const handle = await openConfiguredDb(config);
const bar = progressBar('seeding');
try {
  const { counts, seconds } = await seedInto(handle, { scale, onProgress: bar.update });
  bar.end();
  console.log(
    `Large campus on ${handle.dialect} in ${seconds.toFixed(1)} s: ` +
      Object.entries(counts as unknown as Record<string, number>)
        .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
        .join(', '),
  );
} catch (err) {
  bar.end();
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await handle.close();
}
