import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from './support/free-ports';
import { CHROMIUM_ARGS } from '../bench/web/chromium-flags';

// Chosen once in the runner; workers inherit them through the environment.
if (!process.env.E2E_PORT || !process.env.E2E_SMTP_PORT) {
  const [server, smtp] = freePorts(2);
  process.env.E2E_PORT ??= String(server);
  process.env.E2E_SMTP_PORT ??= String(smtp);
}
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'campus-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
/** Where the SMTP sink writes the mails the server sends (a test reads them there). */
const MAIL_DIR = join(process.env.E2E_DATA_DIR, 'mail-sink');

export default defineConfig({
  testDir: './tests',
  // One folder per run, so runs side by side never share artifacts.
  outputDir: `test-results/run-${port}`,
  // A journey signs people in, opens several screens and runs axe on each (5-10 s apiece on a busy
  // two-core machine, where filling one field once took 12 s and a journey of 57 s took over two
  // minutes); the budget is for a hang, not for speed, which the benchmarks measure.
  timeout: 240_000,
  // What a person waits for (a screen's code and data after a click) took over 10 s at load average
  // 12 on two cores; like the test budget, this is for a hang, not for speed.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The service worker's own specs (offline-app, push-notification) allow it in their contexts; in
    // the others its background precache would add requests the journeys count and wait on.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: 'node support/smtp-sink.mjs',
      port: Number(process.env.E2E_SMTP_PORT),
      reuseExistingServer: false,
      timeout: 20_000,
      env: { SMTP_SINK_PORT: process.env.E2E_SMTP_PORT, SMTP_SINK_DIR: MAIL_DIR },
    },
    {
      command: `node ${process.env.SERVER_ENTRY ?? '../apps/server/dist/main.js'}`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: 'Campus Portal <portal@campus.example.edu>',
        PUBLIC_URL: baseURL,
        // The webhook journey's receiver listens on loopback (decision record 0085).
        WEBHOOKS_ALLOW_PRIVATE: '1',
      },
    },
  ],
});
