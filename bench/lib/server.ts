/* eslint-disable no-restricted-imports -- the bench is the server's harness: it seeds through the server's own database code, as the campus CLI does */
/** The server code the bench uses: its database, migrations and seeds. */
export { loadConfig } from '../../apps/server/src/config';
export { openDb, type DbHandle } from '../../apps/server/src/db/index';
export { migrateToLatest } from '../../apps/server/src/db/migrate';
export { openConfiguredDb } from '../../apps/server/src/db/open';
export { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo';
export { ADMIN as DEMO_ADMIN, GROUPS as DEMO_GROUPS } from '../../apps/server/src/db/seed/demo-data';
export {
  LARGE_LOGIN,
  LARGE_SEED_VERSION,
  largeGroupName,
  seedLargeCampus,
  type LargeCampusCounts,
  type SeedProgress,
} from '../../apps/server/src/db/seed/large';
export { progressBar } from '../../apps/server/src/lib/progress-bar';
export { buildApp } from '../../apps/server/src/app';
export { hashPassword } from '../../apps/server/src/lib/passwords';
