/**
 * Two server instances on one PostgreSQL database, each on its own port, as behind a load
 * balancer: the journeys in tests-two-instances/ open one browser context on each. Needs
 * TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made beside the one it names).
 */
import { defineConfig } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import base from './playwright.config';
import { freePorts } from './support/free-ports';

const server = process.env.TEST_DATABASE_URL;
if (!server) throw new Error('The two-instance journeys need TEST_DATABASE_URL (PostgreSQL)');

// Chosen once in the runner; workers inherit them through the environment.
process.env.E2E_PORTS ??= freePorts(2).join(',');
if (!process.env.E2E_DATABASE_URL) {
  const name = `campus_e2e_${process.pid}`;
  const made = spawnSync('psql', [server, '-qc', `create database ${name}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`Could not create the database ${name}: ${made.stderr}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  process.env.E2E_DATABASE_URL = url.toString();
}
const ports = process.env.E2E_PORTS.split(',').map(Number);
export const INSTANCES = ports.map((port) => `http://127.0.0.1:${port}`);
process.env.E2E_INSTANCES = INSTANCES.join(',');

export default defineConfig({
  ...base,
  testDir: './tests-two-instances',
  outputDir: `test-results/two-instances-${ports[0]}`,
  workers: 1,
  use: { ...base.use, baseURL: INSTANCES[0] },
  globalTeardown: './support/drop-e2e-database.ts',
  webServer: ports.map((port) => ({
    command: `node ${process.env.SERVER_ENTRY ?? '../apps/server/dist/main.js'}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.E2E_DATABASE_URL!,
      // Both instances sign the same tokens, as behind a load balancer.
      JWT_SECRET: 'two-instances-e2e-secret-that-is-long-enough',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  })),
});
