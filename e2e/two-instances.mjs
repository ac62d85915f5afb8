// The journeys on two server instances sharing one PostgreSQL database, when there is one to use
// (TEST_DATABASE_URL, as for the server tests on PostgreSQL).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('Two-instance journeys: not run, as TEST_DATABASE_URL (PostgreSQL) is not set.');
  process.exit(0);
}
const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.two-instances.config.ts'], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
