/** Drops the database the two-instance journeys made, once both servers have stopped. */
import { spawnSync } from 'node:child_process';

export default function dropE2eDatabase(): void {
  const server = process.env.TEST_DATABASE_URL;
  const made = process.env.E2E_DATABASE_URL;
  if (!server || !made) return;
  const name = new URL(made).pathname.slice(1);
  spawnSync('psql', [server, '-qc', `drop database if exists ${name} with (force)`], { stdio: 'ignore' });
}
