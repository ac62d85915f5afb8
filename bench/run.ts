/**
 * `npm run bench`: builds the server into its own folder, runs it on the demo campus and on a copy of
 * the large campus, drives every scenario with 50 connections (after a warm-up), measures a bare
 * node:http server answering the same bytes, prints a table with the budgets and writes JSON to
 * bench/results/. `--quick` runs a few seconds per scenario on the demo campus only (what CI runs).
 * With BENCH_DATABASE_URL set, the same run follows on PostgreSQL, in fresh databases.
 * Last comes the `streams` scenario (bench/streams.ts, also `npm run bench:streams`): open live update
 * streams, memory per stream, and the fan-out latency of an event to 1,000 listeners, on each database.
 *
 *   npm run bench [-- --quick] [--seconds 10] [--warmup 3] [--connections 50]
 *                 [--only notices,mark,streams] [--db sqlite|postgres|both] [--driver auto|autocannon|builtin]
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { seedInto, seedSqliteFile } from './lib/campus';
import { buildServer, ROOT } from './lib/setup';
import { resolveDriver, runLoad, type BenchRequest, type DriverChoice, type LoadResult } from './lib/load';
import { cpuMs, startBareServer, startServer, sampleRss, rssMb, type Child } from './lib/processes';
import { progressBar } from './lib/server';
import { DEMO_ADMIN, LARGE_LOGIN, LARGE_SEED_VERSION, openDb } from './lib/server';
import {
  buildScenarios,
  call,
  signIn,
  checkScenarios,
  describeMix,
  SCENARIO_NAMES,
  type Campus,
  type Scenario,
  type ScenarioKind,
} from './lib/scenarios';
import type { CapturedResponse } from './lib/bare-server';

const BUDGET = { ratio: 0.4, p99Ms: 50, markP50Ms: 30, largeOverDemo: 1.5, rssMb: 300 };

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    db: { type: 'string' },
    driver: { type: 'string', default: 'auto' },
    keep: { type: 'boolean', default: false },
  },
});
const quick = args.quick;
const seconds = Number(args.seconds ?? (quick ? 3 : 10));
const warmup = Number(args.warmup ?? (quick ? 1 : 3));
const connections = Number(args.connections);
const only = args.only ? new Set(args.only.split(',')) : undefined;
const pgUrl = process.env.BENCH_DATABASE_URL;
const databases: ('sqlite' | 'postgres')[] =
  args.db === 'sqlite'
    ? ['sqlite']
    : args.db === 'postgres'
      ? ['postgres']
      : args.db === 'both' || pgUrl
        ? ['sqlite', 'postgres']
        : ['sqlite'];
if (databases.includes('postgres') && !pgUrl) throw new Error('--db postgres needs BENCH_DATABASE_URL');
/** The live update streams scenario, run by bench/streams.ts in a process of its own. */
const STREAMS = 'streams';
const runStreams = !only || only.has(STREAMS);
const runLoads = !only || [...only].some((name) => name !== STREAMS);
if (only) {
  for (const name of only) {
    if (name !== STREAMS && !(SCENARIO_NAMES as readonly string[]).includes(name)) {
      throw new Error(`Unknown scenario ${name}`);
    }
  }
}
const driver = await resolveDriver(args.driver as DriverChoice);

interface Measured {
  rps: number;
  /** CPU time the server process spent per request (user + system): steadier than rates on a busy machine. */
  cpuUsPerRequest: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}
/** Of the reads in a measured run, the share answered from memory: sessions, and every other read. */
interface HitRates {
  sessions: number;
  answers: number;
}
interface CacheStats {
  sessions: { hits: number; misses: number };
  answers: { hits: number; misses: number };
}
interface ScenarioResult extends Measured {
  hitRates?: HitRates;
  name: string;
  title: string;
  kind: ScenarioKind;
  connections: number;
  rssMb: number;
  loadavg: number;
  bare?: Measured;
  ratio?: number;
}
interface CampusRun {
  database: 'sqlite' | 'postgres';
  campus: Campus;
  prepareSeconds: number;
  idleRssMb: number;
  scenarios: ScenarioResult[];
}
interface Budget {
  /** As printed: "38 %", "12.0 ms", "1.20 ×". */
  shown: string;
  database: string;
  budget: string;
  scenario: string;
  value: number;
  limit: number;
  holds: boolean;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const cacheDir = join(tmpdir(), 'campus-bench', 'cache');
mkdirSync(cacheDir, { recursive: true });
const runDir = join(tmpdir(), 'campus-bench', `run-${Date.now()}-${process.pid}`);
mkdirSync(runDir, { recursive: true });

/** Changes to the seed or the migrations make a new cached campus. */
function seedKey(): string {
  const hash = createHash('sha256').update(`v${LARGE_SEED_VERSION}`);
  const seedDir = join(ROOT, 'apps/server/src/db');
  for (const file of ['seed/large.ts', 'seed/demo-data.ts', 'migrate.ts'])
    hash.update(readFileSync(join(seedDir, file)));
  for (const file of readdirSync(join(seedDir, 'migrations')).sort()) {
    hash.update(file).update(readFileSync(join(seedDir, 'migrations', file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The large campus as a SQLite file: seeded once per seed key, copied for each run. */
async function largeSqliteCopy(target: string): Promise<number> {
  const started = performance.now();
  const key = seedKey();
  const cached = join(cacheDir, `large-${key}.db`);
  if (!existsSync(cached)) {
    for (const old of readdirSync(cacheDir))
      if (old.startsWith('large-')) rmSync(join(cacheDir, old), { force: true });
    const partial = `${cached}.partial-${process.pid}`;
    const bar = progressBar('seeding the large campus (SQLite)');
    const { seconds: seedSeconds } = await seedSqliteFile(partial, { onProgress: bar.update });
    bar.end();
    log(`  seeded in ${seedSeconds.toFixed(1)} s; cached as ${cached}`);
    renameSync(partial, cached);
  } else {
    log(`  using the cached large campus ${cached}`);
  }
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(cached, target, constants.COPYFILE_FICLONE);
  return (performance.now() - started) / 1000;
}

function pgUrlFor(database: string): string {
  const url = new URL(pgUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function pgAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const pgDatabasesToDrop: string[] = [];

/** A fresh PostgreSQL database: empty, or a copy of the cached large campus (kept as a template). */
async function freshPgDatabase(campus: Campus): Promise<{ url: string; seconds: number }> {
  const started = performance.now();
  const name = `campus_bench_${campus}_${randomBytes(4).toString('hex')}`;
  if (campus === 'demo') {
    await pgAdmin((c) => c.query(`create database ${name}`));
  } else {
    const template = `campus_bench_large_${seedKey()}`;
    const existing = await pgAdmin((c) =>
      c.query<{ datname: string }>(
        `select datname from pg_database where datname like 'campus_bench_large_%'`,
      ),
    );
    const names = existing.rows.map((r) => r.datname);
    if (!names.includes(template)) {
      for (const old of names) await pgAdmin((c) => c.query(`drop database if exists ${old}`));
      const partial = `${template}_partial`;
      await pgAdmin(async (c) => {
        await c.query(`drop database if exists ${partial}`);
        await c.query(`create database ${partial}`);
      });
      const handle = openDb({ databaseUrl: pgUrlFor(partial) });
      const bar = progressBar('seeding the large campus (PostgreSQL)');
      try {
        const { seconds: seedSeconds } = await seedInto(handle, { onProgress: bar.update });
        bar.end();
        log(`  seeded in ${seedSeconds.toFixed(1)} s; kept as the template database ${template}`);
      } finally {
        await handle.close();
      }
      await pgAdmin((c) => c.query(`alter database ${partial} rename to ${template}`));
    } else {
      log(`  using the cached large campus ${template}`);
    }
    await pgAdmin((c) => c.query(`create database ${name} template ${template}`));
  }
  pgDatabasesToDrop.push(name);
  return { url: pgUrlFor(name), seconds: (performance.now() - started) / 1000 };
}

async function capture(
  port: number,
  requests: readonly BenchRequest[],
): Promise<Record<string, CapturedResponse>> {
  const captured: Record<string, CapturedResponse> = {};
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  for (const r of requests) {
    const key = `${r.method} ${r.path}`;
    if (captured[key]) continue;
    const res = await fetch(`http://127.0.0.1:${port}${r.path}`, { method: r.method, headers: r.headers });
    const body = Buffer.from(await res.arrayBuffer());
    captured[key] = {
      status: res.status,
      headers: [...res.headers.entries()].filter(([name]) => !skip.has(name)),
      body: body.toString('base64'),
    };
  }
  return captured;
}

const pick = (r: LoadResult, cpuUsPerRequest: number): Measured => ({
  rps: r.rps,
  cpuUsPerRequest,
  p50: r.p50,
  p99: r.p99,
  requests: r.requests,
  non2xx: r.non2xx,
  errors: r.errors,
});

/** The server's read cache counters (`GET /api/health/cache`), when an admin token is given. */
async function cacheStats(port: number, adminToken: string | undefined): Promise<CacheStats | undefined> {
  if (!adminToken) return undefined;
  const { status, json } = await call(port, 'GET', '/api/health/cache', adminToken);
  if (status !== 200) throw new Error(`/api/health/cache answered ${status}`);
  return json as CacheStats;
}

const rate = (after: { hits: number; misses: number }, before: { hits: number; misses: number }) => {
  const hits = after.hits - before.hits;
  const reads = hits + after.misses - before.misses;
  return reads === 0 ? Number.NaN : hits / reads;
};

async function drive(
  port: number,
  requests: readonly BenchRequest[],
  pid: number,
  conns = connections,
  adminToken?: string,
) {
  if (warmup > 0) await runLoad(driver, { port, connections: conns, seconds: warmup, requests });
  const load = loadavg()[0]!;
  const rss = sampleRss(pid);
  const statsBefore = await cacheStats(port, adminToken);
  const cpuBefore = cpuMs(pid);
  const result = await runLoad(driver, { port, connections: conns, seconds, requests });
  const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
  const statsAfter = await cacheStats(port, adminToken);
  const hitRates =
    statsBefore && statsAfter
      ? {
          sessions: rate(statsAfter.sessions, statsBefore.sessions),
          answers: rate(statsAfter.answers, statsBefore.answers),
        }
      : undefined;
  return { measured: pick(result, cpuUs), rssMb: rss.stop(), loadavg: load, hitRates };
}

async function runCampus(
  mainJs: string,
  database: 'sqlite' | 'postgres',
  campus: Campus,
  measureBare: boolean,
): Promise<CampusRun> {
  log(`\n▶ ${campus} campus on ${database}`);
  const dataDir = join(runDir, `${campus}-${database}`);
  mkdirSync(dataDir, { recursive: true });
  let prepareSeconds = 0;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SEED: campus === 'demo' ? 'demo' : 'none',
    WEB_DIST: join(runDir, 'no-web'),
    // The mark scenarios send each teacher's marks thousands of times a minute, far past the 600
    // writes an hour an account may make by default; the bench measures the writes, not the refusals.
    // The campus scenario's students ask questions far more often than 10 an hour, for the same reason.
    WRITE_LIMIT: '1000000000',
    QUERY_LIMIT: '1000000000',
  };
  if (database === 'postgres') {
    const fresh = await freshPgDatabase(campus);
    env.DATABASE_URL = fresh.url;
    prepareSeconds = fresh.seconds;
  } else if (campus === 'large') {
    prepareSeconds = await largeSqliteCopy(join(dataDir, 'campus.db'));
  }

  const started = performance.now();
  let server: Child | undefined = await startServer(mainJs, env);
  prepareSeconds += (performance.now() - started) / 1000;
  const results: ScenarioResult[] = [];
  let scenarios: Scenario[];
  let captured: Record<string, CapturedResponse> = {};
  try {
    const idleRssMb = rssMb(server.pid);
    const adminToken = await signIn(
      server.port,
      campus === 'large' ? LARGE_LOGIN.adminId : DEMO_ADMIN.adminId,
    );
    scenarios = (await buildScenarios(server.port, campus)).filter((s) => !only || only.has(s.name));
    await checkScenarios(server.port, scenarios);
    for (const s of scenarios.filter((s) => s.kind === 'read')) {
      Object.assign(captured, await capture(server.port, s.requests));
    }
    for (const scenario of scenarios) {
      const {
        measured,
        rssMb: peak,
        loadavg: load,
        hitRates,
      } = await drive(server.port, scenario.requests, server.pid, scenario.connections, adminToken);
      results.push({
        ...(hitRates ? { hitRates } : {}),
        name: scenario.name,
        title: scenario.title,
        kind: scenario.kind,
        connections: scenario.connections ?? connections,
        ...measured,
        rssMb: peak,
        loadavg: load,
      });
      log(
        `  ${scenario.name.padEnd(12)} ${measured.rps.toFixed(0).padStart(7)} req/s  p50 ${measured.p50.toFixed(1)} ms  p99 ${measured.p99.toFixed(1)} ms  CPU ${measured.cpuUsPerRequest.toFixed(0)} µs/req  RSS ${peak.toFixed(0)} MB  hits ${percent(hitRates?.answers)} (sessions ${percent(hitRates?.sessions)})${measured.non2xx + measured.errors > 0 ? `  ${measured.non2xx} non-2xx, ${measured.errors} errors` : ''}`,
      );
    }
    await server.stop();
    server = undefined;

    if (measureBare) {
      const file = join(runDir, `responses-${campus}-${database}.json`);
      writeFileSync(file, JSON.stringify(captured));
      captured = {};
      const bare = await startBareServer(join(ROOT, 'bench/lib/bare-server.ts'), file);
      try {
        for (const scenario of scenarios.filter((s) => s.kind === 'read')) {
          const { measured } = await drive(bare.port, scenario.requests, bare.pid);
          const row = results.find((r) => r.name === scenario.name)!;
          row.bare = measured;
          row.ratio = row.rps / measured.rps;
          log(
            `  bare ${scenario.name.padEnd(12)} ${measured.rps.toFixed(0).padStart(7)} req/s  p50 ${measured.p50.toFixed(1)} ms  → ratio ${(row.ratio * 100).toFixed(0)} %`,
          );
        }
      } finally {
        await bare.stop();
      }
    }
    return { database, campus, prepareSeconds, idleRssMb, scenarios: results };
  } finally {
    await server?.stop();
  }
}

function budgets(runs: CampusRun[]): Budget[] {
  const out: Budget[] = [];
  for (const database of databases) {
    const primary = runs.find((r) => r.database === database && r.campus === (quick ? 'demo' : 'large'));
    const demo = runs.find((r) => r.database === database && r.campus === 'demo');
    if (!primary) continue;
    const add = (
      budget: string,
      scenario: string,
      value: number,
      limit: number,
      holds: boolean,
      shown: string,
    ) => out.push({ database, budget, scenario, value, limit, holds, shown });
    for (const s of primary.scenarios) {
      if (s.kind === 'read' && s.ratio !== undefined) {
        const ok = s.ratio >= BUDGET.ratio;
        add('≥ 40 % of bare node:http', s.name, s.ratio, BUDGET.ratio, ok, `${(s.ratio * 100).toFixed(0)} %`);
      }
      if (s.name !== 'mark-alone') {
        add(
          'p99 ≤ 50 ms at 50 connections',
          s.name,
          s.p99,
          BUDGET.p99Ms,
          s.p99 <= BUDGET.p99Ms,
          `${s.p99.toFixed(1)} ms`,
        );
      }
      if (s.name === 'mark' || s.name === 'mark-alone') {
        const ok = s.p50 <= BUDGET.markP50Ms;
        add('mark p50 ≤ 30 ms', s.name, s.p50, BUDGET.markP50Ms, ok, `${s.p50.toFixed(1)} ms`);
      }
      const base = demo?.scenarios.find((d) => d.name === s.name);
      if (s.kind === 'read' && !quick && base) {
        const factor = s.p50 / base.p50;
        const ok = factor <= BUDGET.largeOverDemo;
        add('large p50 ≤ 1.5 × demo p50', s.name, factor, BUDGET.largeOverDemo, ok, `${factor.toFixed(2)} ×`);
      }
    }
    const peak = Math.max(...primary.scenarios.map((s) => s.rssMb));
    add('server RSS ≤ 300 MB', 'peak', peak, BUDGET.rssMb, peak <= BUDGET.rssMb, `${peak.toFixed(0)} MB`);
    const failed = primary.scenarios.filter((s) => s.non2xx + s.errors > 0);
    const names = failed.map((s) => s.name).join(', ');
    add('no non-2xx answer or error under load', names || 'all', failed.length, 0, !names, names || 'none');
  }
  return out;
}

const percent = (share: number | undefined) =>
  share === undefined || Number.isNaN(share)
    ? '–'
    : `${(share * 100).toFixed(share > 0.995 && share < 1 ? 1 : 0)} %`;

function table(runs: CampusRun[]): string {
  const header = [
    'database',
    'campus',
    'scenario',
    'req/s',
    'cache hits',
    'session hits',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'bare req/s',
    'bare CPU µs/req',
    'ratio',
    'RSS MB',
    'load',
  ];
  const rows = runs.flatMap((run) =>
    run.scenarios.map((s) => [
      run.database,
      run.campus,
      s.connections === connections ? s.name : `${s.name} (${s.connections} conn.)`,
      s.rps.toFixed(0),
      percent(s.hitRates?.answers),
      percent(s.hitRates?.sessions),
      s.p50.toFixed(1),
      s.p99.toFixed(1),
      s.cpuUsPerRequest.toFixed(0),
      s.bare ? s.bare.rps.toFixed(0) : '',
      s.bare ? s.bare.cpuUsPerRequest.toFixed(0) : '',
      s.ratio === undefined ? '' : `${(s.ratio * 100).toFixed(0)} %`,
      s.rssMb.toFixed(0),
      s.loadavg.toFixed(1),
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i < 3 ? `${'-'.repeat(w + 1)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

const startedAt = new Date();
const loadStart = loadavg();
log(
  `Campus Portal bench: ${quick ? 'quick' : 'full'}, ${connections} connections, ${warmup} s warm-up + ${seconds} s per scenario, driver ${driver}, ${cpus().length} cores, load ${loadStart.map((l) => l.toFixed(1)).join(' ')}`,
);
if (driver === 'builtin') log('  (autocannon is not installed: using the built-in closed-loop driver)');
const runs: CampusRun[] = [];
let exitCode = 0;
try {
  // The bench serves no web app: its scenarios are API calls.
  if (runLoads) {
    const { mainJs } = buildServer(runDir, { web: false });
    for (const database of databases) {
      runs.push(await runCampus(mainJs, database, 'demo', quick));
      if (!quick) runs.push(await runCampus(mainJs, database, 'large', true));
    }
  }
} catch (err) {
  exitCode = 1;
  log(`\n✗ the bench could not finish: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  if (pgDatabasesToDrop.length > 0) {
    await pgAdmin(async (c) => {
      for (const name of pgDatabasesToDrop) await c.query(`drop database if exists ${name} with (force)`);
    }).catch((err: unknown) => log(`could not drop the bench databases: ${String(err)}`));
  }
  if (!args.keep) rmSync(runDir, { recursive: true, force: true });
}

if (runs.length > 0) {
  const checked = budgets(runs);
  const report = [
    '',
    table(runs),
    '',
    `mixed workload: ${describeMix()}`,
    '',
    'Budgets' + (quick ? ' (quick run on the demo campus: indicative only)' : ''),
    ...checked.map(
      (b) =>
        `${b.holds ? '✓' : '✗'} ${b.database} ${b.budget}: ${b.scenario === 'all' || b.scenario === 'peak' ? '' : `${b.scenario} `}${b.shown}`,
    ),
  ].join('\n');
  console.log(report);
  const finishedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const file = join(ROOT, 'bench/results', `bench-${quick ? 'quick' : 'full'}-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt,
        finishedAt,
        mode: quick ? 'quick' : 'full',
        driver,
        connections,
        warmupSeconds: warmup,
        seconds,
        mixedWorkload: describeMix(),
        machine: {
          cores: cpus().length,
          cpu: cpus()[0]?.model,
          memoryMb: Math.round(totalmem() / 2 ** 20),
          node: process.version,
          loadavgStart: loadStart,
          loadavgEnd: loadavg(),
        },
        runs,
        budgets: checked,
      },
      null,
      2,
    )}\n`,
  );
  log(`\nresults written to ${file}`);
}
if (runStreams && exitCode === 0) {
  for (const database of databases) {
    log(
      `\nScenario streams on ${database}: live update streams, memory per stream, fan-out to 1,000 listeners`,
    );
    const streams = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/streams.ts'), '--db', database, ...(quick ? ['--quick'] : [])],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (streams.status !== 0) exitCode = 1;
  }
}
process.exitCode = exitCode;
