// Runs the unit and server suites on SQLite, then the server suite again on PostgreSQL
// when TEST_DATABASE_URL is set (the access matrix only once: decision record 0061).
import { spawnSync } from 'node:child_process';

function vitest(args, env) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutPg } = process.env;
console.log('\n▶ unit and server tests on SQLite');
vitest([], withoutPg);
if (TEST_DATABASE_URL) {
  console.log('\n▶ server tests on PostgreSQL');
  vitest(['--project', 'server'], process.env);
}
