/**
 * `npm run bench:web:screens`: every student screen on a large campus, in the system Chromium with
 * 4× CPU throttling (a mid-range phone): the time to first content and the JSON the screen fetched.
 * Budgets (issue "A 20,000-student campus"): first content ≤ 1.5 s and ≤ 150 KB of JSON a screen.
 *
 *   npm run build && npm run bench:web:screens [-- --scale 1] [--data-dir DIR] [--runs 3] [--quick]
 *
 * The campus is seeded by bench/seed-large.ts into `--data-dir` (kept and reused when it already holds
 * one) or a fresh folder. `--quick` seeds scale 0.05 and never fails; a full run exits 1 on a miss.
 * Each screen is loaded `--runs` times (5 by default), each a fresh page load (new browser context,
 * empty HTTP cache) signed in as student 230001; the table gives the median and the slowest load, and
 * the budget is judged on the median (one load on a shared machine can take half as long again as the
 * next). First content: the screen's heading is shown and nothing in the main area still says
 * "Loading", seen by a few lines the page runs itself on every frame and read over the DevTools
 * protocol (Playwright's own page-side script, which `waitForFunction` loads into the page, would be
 * compiled and run on the throttled main thread the bench measures). JSON bytes: what came over the
 * wire (headers and body) for every `application/json` answer of the load, counted until the network
 * has been quiet for 1 s (the live-updates stream stays open, so the browser's own "network idle"
 * never comes).
 *
 * Each load is a first visit with the service worker (decision record 0087): the context allows
 * workers, and the built page registers its worker after load. On each screen's first load the bench
 * waits until the worker controls the page and gives that time beside first content (it must come
 * after). `--block-service-workers` loads the same screens with workers blocked, for a comparison.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { PATHS, TOKEN_STORAGE_KEY } from '@campus/contract';
import { startServer, type Child } from '../lib/processes';
import { CHROMIUM_ARGS } from './chromium-flags';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = { firstContentMs: 1500, jsonKb: 150 };
const CPU_SLOWDOWN = 4;
const STUDENT = '230001';
const PASSWORD = 'campus123';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    'data-dir': { type: 'string' },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'block-service-workers': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs));
const scale = Number(args.scale ?? (args.quick ? '0.05' : '1'));
const serviceWorkers = args['block-service-workers'] ? 'block' : 'allow';

const SCREENS: [string, string][] = [
  ['Home (notices)', PATHS.student.home],
  ['Syllabus', PATHS.student.syllabus],
  ['Performance', PATHS.student.performance],
  ['Attendance', PATHS.student.attendance],
  ['Courses (timetable)', PATHS.student.courses],
  ['Gatepass', PATHS.student.gatepass],
  ['Queries', PATHS.student.queries],
  ['Contact Teachers', PATHS.student.contactTeachers],
  ['Help', PATHS.student.help],
  ['Profile', PATHS.student.profile],
  ['Notifications', PATHS.student.notifications],
];

interface Measured {
  screen: string;
  path: string;
  /** The median of the loads, and the slowest. */
  firstContentMs: number;
  slowestMs: number;
  jsonKb: number;
  jsonRequests: number;
  largest: string;
  /** When the service worker took control of the first load (after navigation start), if allowed. */
  workerMs?: number;
}

function seed(dataDir: string): void {
  if (existsSync(join(dataDir, 'campus.db'))) {
    process.stderr.write(`▶ reusing the campus in ${dataDir}\n`);
    return;
  }
  process.stderr.write(`▶ seeding a large campus at scale ${scale} into ${dataDir}\n`);
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/seed-large.ts'), '--scale', String(scale)],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('Seeding the large campus failed');
}

/** JSON bytes over the wire per request, from the DevTools protocol (the page's own view of it). */
function countJson(cdp: CDPSession) {
  const json = new Map<string, string>();
  const sizes = new Map<string, number>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', () => (lastActivity = Date.now()));
  cdp.on('Network.responseReceived', (event) => {
    lastActivity = Date.now();
    if (event.response.mimeType === 'application/json') json.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    lastActivity = Date.now();
    if (json.has(event.requestId)) sizes.set(event.requestId, event.encodedDataLength);
  });
  /** Resolves once nothing was sent or received for `quietMs` (the live-updates stream stays open). */
  const quiet = async (quietMs: number, maxMs: number) => {
    const start = Date.now();
    while (Date.now() - lastActivity < quietMs && Date.now() - start < maxMs) {
      await new Promise((done) => setTimeout(done, 100));
    }
  };
  const all = () =>
    [...sizes].map(([id, bytes]) => ({
      // The token in a path is long and says nothing about the screen.
      url: (new URL(json.get(id)!).pathname + new URL(json.get(id)!).search).replace(
        /(post-data-from-token\/)[^/?]+/,
        '$1…',
      ),
      bytes,
    }));
  return { quiet, all };
}

/**
 * Run by the page before its own scripts: signs in (the stored token) and, on every frame, looks for
 * the screen's first content; the time it is first seen is left in `window.__firstContentMs`.
 */
const watchFirstContent = (token: string) => `
localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)});
navigator.serviceWorker?.addEventListener('controllerchange', () => {
  window.__workerMs = Math.round(performance.now());
}, { once: true });
(() => {
  const look = () => {
    const main = document.querySelector('main');
    const shown = main && main.querySelector('h1') && ![...main.querySelectorAll('[role="status"]')]
      .some((el) => /^\\s*Loading/.test(el.textContent || ''));
    if (shown) window.__firstContentMs = Math.round(performance.now());
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

async function measure(page: Page, cdp: CDPSession, origin: string, path: string, token: string) {
  const responses = countJson(cdp);
  await cdp.send('Page.enable');
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: watchFirstContent(token) });
  await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
  const deadline = Date.now() + 60_000;
  let firstContentMs: unknown;
  while (typeof firstContentMs !== 'number') {
    if (Date.now() > deadline) throw new Error('no first content within 60 s');
    await new Promise((done) => setTimeout(done, 50));
    const read = await cdp.send('Runtime.evaluate', {
      expression: 'window.__firstContentMs',
      returnByValue: true,
    });
    firstContentMs = read.result.value;
  }
  await responses.quiet(1000, 20_000);
  return { firstContentMs, responses: responses.all() };
}

/** When the service worker took control of the page (it claims a first visit's page at once). */
async function workerInControl(cdp: CDPSession): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const read = await cdp.send('Runtime.evaluate', { expression: 'window.__workerMs', returnByValue: true });
    if (typeof read.result.value === 'number') return read.result.value;
    if (Date.now() > deadline) throw new Error('the service worker took no control within 60 s');
    await new Promise((done) => setTimeout(done, 100));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let server: Child | undefined;
let exitCode = 0;
// A campus seeded for this run only is removed at the end; one in --data-dir is kept to reuse.
const ownDataDir = args['data-dir'] ? undefined : mkdtempSync(join(tmpdir(), 'campus-screens-'));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const mainJs = join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(mainJs)) throw new Error('Build the app first: npm run build');
  const dataDir = args['data-dir'] ?? ownDataDir!;
  seed(dataDir);
  server = await startServer(mainJs, {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SEED: 'none',
  });
  const origin = `http://127.0.0.1:${server.port}`;
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: STUDENT, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`Student ${STUDENT} could not sign in: ${login.status}`);
  const { token } = (await login.json()) as { token: string };

  const results: Measured[] = [];
  for (const [screen, path] of SCREENS) {
    const times: number[] = [];
    let loaded: Awaited<ReturnType<typeof measure>>['responses'] = [];
    let workerMs: number | undefined;
    for (let run = 0; run < runs; run++) {
      // A fresh context per load: an empty HTTP cache and nothing fetched by an earlier one.
      const context = await browser.newContext({ viewport: { width: 412, height: 915 }, serviceWorkers });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const { firstContentMs, responses } = await measure(page, cdp, origin, path, token).catch(
        async (err: unknown) => {
          const main = await page
            .locator('main')
            .innerText()
            .catch(() => '(no main)');
          throw new Error(`${screen} (${page.url()}): ${String(err)}\n${main.slice(0, 400)}`);
        },
      );
      if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()}`);
      times.push(firstContentMs);
      if (run === 0 && serviceWorkers === 'allow') workerMs = await workerInControl(cdp);
      loaded = responses;
      await context.close();
    }
    const bytes = loaded.reduce((sum, r) => sum + r.bytes, 0);
    const largest = loaded.sort((a, b) => b.bytes - a.bytes)[0];
    results.push({
      screen,
      path,
      firstContentMs: median(times),
      slowestMs: Math.max(...times),
      jsonKb: bytes / 1024,
      jsonRequests: loaded.length,
      largest: largest ? `${largest.url} ${(largest.bytes / 1024).toFixed(1)} KB` : '',
      workerMs,
    });
  }

  console.log(
    `\nStudent screens, large campus at scale ${scale}, SQLite, Chromium ${browser.version()} with ` +
      `${CPU_SLOWDOWN}× CPU slowdown (budgets: first content ≤ ${BUDGET.firstContentMs} ms, JSON ≤ ` +
      `${BUDGET.jsonKb} KB); ${runs} first visits a screen, first content as their median and the ` +
      `slowest; service workers ${serviceWorkers === 'allow' ? 'allowed' : 'blocked'}\n`,
  );
  console.log(
    '| screen | first content | slowest | worker in control | JSON | requests | largest JSON answer | |',
  );
  console.log('|---|--:|--:|--:|--:|--:|---|---|');
  for (const r of results) {
    const ok = r.firstContentMs <= BUDGET.firstContentMs && r.jsonKb <= BUDGET.jsonKb;
    if (!ok) exitCode = 1;
    console.log(
      `| ${r.screen} | ${r.firstContentMs} ms | ${r.slowestMs} ms | ${r.workerMs === undefined ? '–' : `${r.workerMs} ms`} | ${r.jsonKb.toFixed(1)} KB | ${r.jsonRequests} | ${r.largest} | ${ok ? '✓' : '✗'} |`,
    );
  }
  if (args.quick) exitCode = 0;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  exitCode = 1;
} finally {
  await browser.close();
  await server?.stop();
  if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
}
process.exit(exitCode);
