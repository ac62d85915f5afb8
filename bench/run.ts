/**
 * `npm run bench`: builds the server into its own folder, runs it on the demo campus and on a copy of
 * the 20,000-student campus, drives every scenario with 50 connections (after a warm-up), measures a
 * bare node:http server answering the same bytes, prints a table with the budgets and writes JSON to
 * bench/results/. The headline is `mix`, the realistic mix (bench/lib/mix.ts), with a table per
 * request kind; `cold` reads every list route's first page from a server whose read cache is off.
 * A full run exits non-zero when a budget is missed, a quick one on a collapse (a budget missed
 * tenfold, or an error). `--quick` runs a few seconds per scenario on the
 * demo campus, and the mix and the cold table on a 1,000-student campus (what CI runs).
 * With BENCH_DATABASE_URL set, the same run follows on PostgreSQL, in fresh databases.
 * Last comes the `streams` scenario (bench/streams.ts, also `npm run bench:streams`): open live update
 * streams, memory per stream, and the fan-out latency of an event to 1,000 listeners, on each database.
 *
 *   npm run bench [-- --quick] [--seconds 10] [--warmup 3] [--connections 50]
 *                 [--only notices,mark,streams] [--db sqlite|postgres|both] [--driver auto|autocannon|builtin]
 *                 [--two-instances]   (PostgreSQL: the mix again on two instances sharing the database)
 *                 [--keep]   (keep the run's files and its PostgreSQL databases, to look into afterwards)
 *                 [--read-cache off]   (every scenario with the server's read cache off: the mix cold)
 *                 [--kinds-alone]   (then each kind of the mix alone: its server CPU a request)
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
import { coldRoutes } from './lib/cold';
import { cacheUse } from './lib/cache-use';
import { kindsAlone } from './lib/kinds-alone';
import { buildMix, describeMixWeights, type MixSize } from './lib/mix';
import {
  cpuMs,
  samplePostgresCpu,
  startBareServer,
  startServer,
  sampleRss,
  rssMb,
  type Child,
} from './lib/processes';
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
} from './lib/scenarios';
import { answerKey, type CapturedResponse } from './lib/bare-answers';
import {
  budgets,
  coldTableText,
  collapsed,
  kindTable,
  percent,
  table,
  type CampusRun,
  type CacheStats,
  type ColdResult,
  type Measured,
  type PoolUse,
  type ReportContext,
  type ScenarioResult,
} from './lib/report';

/** The size of each campus, as printed beside each scenario. */
/** The 1,000-student campus is the 20,000-student one at a twentieth. */
const SMALL_SCALE = 0.05;

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
    'two-instances': { type: 'boolean', default: false },
    /** The mix's Accept-Encoding, e.g. a browser's `gzip, deflate, br, zstd`; by default none. */
    'accept-encoding': { type: 'string' },
    /** `off`: every server of the run reads the database for every answer (the mix cold). */
    'read-cache': { type: 'string', default: 'on' },
    /** After the mix, each of its kinds alone on one connection: where the mix's server CPU goes. */
    'kinds-alone': { type: 'boolean', default: false },
    /** The large campus's size in 20,000 students (up to 5: 100,000), as `campus seed --scale`. */
    scale: { type: 'string', default: '1' },
  },
});
if (args['read-cache'] !== 'on' && args['read-cache'] !== 'off') throw new Error('--read-cache is on or off');
const LARGE_SCALE = Number(args.scale);
if (!(LARGE_SCALE > 0 && LARGE_SCALE <= 5)) throw new Error('--scale is a number above 0, at most 5');
const CAMPUS_LABEL: Record<Campus, string> = {
  demo: 'demo',
  large: (20_000 * LARGE_SCALE).toLocaleString('en-US'),
  small: '1,000',
};
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
/** What the printed tables say of this run. */
const REPORT: ReportContext = { quick, connections, databases, label: CAMPUS_LABEL };
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

const log = (line: string) => process.stderr.write(`${line}\n`);

const cacheDir = join(tmpdir(), 'campus-bench', 'cache');
mkdirSync(cacheDir, { recursive: true });
const runDir = join(tmpdir(), 'campus-bench', `run-${Date.now()}-${process.pid}`);
mkdirSync(runDir, { recursive: true });

/** Changes to the seed or the migrations make a new cached campus. */
function seedKey(): string {
  const hash = createHash('sha256').update(`v${LARGE_SEED_VERSION} scale ${LARGE_SCALE}`);
  const seedDir = join(ROOT, 'apps/server/src/db');
  const seedFiles = readdirSync(join(seedDir, 'seed'))
    .filter((file) => !file.endsWith('.test.ts'))
    .sort()
    .map((file) => `seed/${file}`);
  for (const file of [...seedFiles, 'migrate.ts']) hash.update(readFileSync(join(seedDir, file)));
  for (const file of readdirSync(join(seedDir, 'migrations')).sort()) {
    hash.update(file).update(readFileSync(join(seedDir, 'migrations', file)));
  }
  return hash.digest('hex').slice(0, 12);
}

const scaleOf = (campus: Campus) => (campus === 'small' ? SMALL_SCALE : LARGE_SCALE);

/** A seeded campus (20,000 or 1,000 students) as a SQLite file: seeded once per seed key, copied for each run. */
async function largeSqliteCopy(target: string, campus: Campus): Promise<number> {
  const started = performance.now();
  const key = seedKey();
  const cached = join(cacheDir, `${campus}-${key}.db`);
  if (!existsSync(cached)) {
    for (const old of readdirSync(cacheDir))
      if (old.startsWith(`${campus}-`)) rmSync(join(cacheDir, old), { force: true });
    const partial = `${cached}.partial-${process.pid}`;
    const bar = progressBar(`seeding the ${CAMPUS_LABEL[campus]}-student campus (SQLite)`);
    const { seconds: seedSeconds } = await seedSqliteFile(partial, {
      scale: scaleOf(campus),
      onProgress: bar.update,
    });
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
    const template = `campus_bench_${campus}_${seedKey()}`;
    const existing = await pgAdmin((c) =>
      c.query<{ datname: string }>(
        `select datname from pg_database where datname like 'campus_bench_${campus}_%'`,
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
      const bar = progressBar(`seeding the ${CAMPUS_LABEL[campus]}-student campus (PostgreSQL)`);
      try {
        const { seconds: seedSeconds } = await seedInto(handle, {
          scale: scaleOf(campus),
          onProgress: bar.update,
        });
        bar.end();
        log(`  seeded in ${seedSeconds.toFixed(1)} s; kept as the template database ${template}`);
      } finally {
        await handle.close();
      }
      await pgAdmin((c) => c.query(`alter database ${partial} rename to ${template}`));
    } else {
      log(`  using the cached large campus ${template}`);
    }
    await pgAdmin(async (c) => {
      // PostgreSQL 15 and later copy a template by writing all of it to the WAL (about 500 MB for
      // the 20,000-student campus), which brought on a checkpoint in the middle of the scenario that
      // followed, and with it a stall of every commit. Copying the files checkpoints before the copy
      // instead, as a campus's database would be before its morning: not while it is measured.
      const version = await c.query<{ v: string }>(`select current_setting('server_version_num') as v`);
      const strategy = Number(version.rows[0]!.v) >= 150000 ? ' strategy file_copy' : '';
      await c.query(`create database ${name} template ${template}${strategy}`);
    });
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
    // Each caller's own answer, so that bare node:http answers every request with its own bytes.
    const key = answerKey(r.method, r.path, r.headers.authorization);
    if (captured[key]) continue;
    const body = r.freshBody ? r.freshBody() : r.body;
    // As the load generator asks: without compression (fetch would ask for br and gzip), so that
    // bare node:http answers the very bytes the server sends under load.
    const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
      method: r.method,
      headers: { 'accept-encoding': 'identity', ...r.headers },
      ...(body === undefined ? {} : { body }),
    });
    const answer = Buffer.from(await res.arrayBuffer());
    captured[key] = {
      status: res.status,
      headers: [...res.headers.entries()].filter(([name]) => !skip.has(name)),
      body: answer.toString('base64'),
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
  bytesPerAnswer: r.bytesPerAnswer,
  firstAnswerMaxMs: r.firstAnswerMaxMs,
  ...(r.byKind ? { byKind: r.byKind } : {}),
});

/** The server's read cache counters (`GET /api/health/cache`), when an admin token is given. */
async function cacheStats(port: number, adminToken: string | undefined): Promise<CacheStats | undefined> {
  if (!adminToken) return undefined;
  const { status, json } = await call(port, 'GET', '/api/health/cache', adminToken);
  if (status !== 200) throw new Error(`/api/health/cache answered ${status}`);
  return json as CacheStats;
}

/** The pool's counters (`/metrics`, open to the loopback address); undefined on SQLite. */
async function poolCounters(port: number): Promise<PoolCounters | undefined> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!res.ok) return undefined;
  const text = await res.text();
  const value = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  };
  const acquired = value('campus_db_pool_acquires_total');
  const waited = value('campus_db_pool_wait_seconds_total');
  if (acquired === undefined || waited === undefined) return undefined;
  return { acquired, waited };
}

type PoolCounters = { acquired: number; waited: number };

function poolUse(
  before: PoolCounters | undefined,
  after: PoolCounters | undefined,
  requests: number,
  /** What PostgreSQL's processes spent meanwhile (`samplePostgresCpu`). */
  databaseCpuMs: number,
): PoolUse | undefined {
  if (!before || !after) return undefined;
  const acquired = after.acquired - before.acquired;
  const perRequest = 1 / Math.max(1, requests);
  return {
    acquiresPerRequest: acquired * perRequest,
    waitMsPerAcquire: acquired === 0 ? 0 : ((after.waited - before.waited) * 1000) / acquired,
    databaseCpuUsPerRequest: databaseCpuMs * 1000 * perRequest,
  };
}

const poolShown = (pool: PoolUse | undefined) =>
  pool
    ? `  pool ${pool.acquiresPerRequest.toFixed(2)} conn/req, ${pool.waitMsPerAcquire.toFixed(1)} ms wait  db CPU ${pool.databaseCpuUsPerRequest.toFixed(0)} µs/req`
    : '';

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
  const poolBefore = adminToken ? await poolCounters(port) : undefined;
  const databaseCpu = poolBefore && samplePostgresCpu();
  const cpuBefore = cpuMs(pid);
  const result = await runLoad(driver, { port, connections: conns, seconds, requests });
  const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
  const databaseCpuMs = databaseCpu ? databaseCpu.stop() : Number.NaN;
  const statsAfter = await cacheStats(port, adminToken);
  const pool = poolUse(
    poolBefore,
    adminToken ? await poolCounters(port) : undefined,
    result.requests,
    databaseCpuMs,
  );
  const hitRates =
    statsBefore && statsAfter
      ? {
          sessions: rate(statsAfter.sessions, statsBefore.sessions),
          answers: rate(statsAfter.answers, statsBefore.answers),
        }
      : undefined;
  return { measured: pick(result, cpuUs), rssMb: rss.stop(), loadavg: load, hitRates, pool };
}

/**
 * The mix on two instances of the server sharing one PostgreSQL database (`--two-instances`): the
 * same requests, half the connections to each, at the same time. Both instances' CPU counts, and
 * each hears of the other's writes (the change notifications and the barriers every write waits for).
 */
async function twoInstanceMix(
  mainJs: string,
  env: Record<string, string>,
  first: Child,
  requests: readonly BenchRequest[],
  adminToken: string,
): Promise<ScenarioResult> {
  const second = await startServer(mainJs, env);
  try {
    const servers = [first, second];
    const half = Math.max(1, Math.floor(connections / 2));
    // Each instance gets every other request of the fixed interleaving, so each sees the whole mix.
    const shares = [requests.filter((_, i) => i % 2 === 0), requests.filter((_, i) => i % 2 === 1)];
    const both = (secondsEach: number) =>
      Promise.all(
        servers.map((server, i) =>
          runLoad(driver, {
            port: server.port,
            connections: half,
            seconds: secondsEach,
            requests: shares[i]!,
          }),
        ),
      );
    if (warmup > 0) await both(warmup);
    const load = loadavg()[0]!;
    const rss = servers.map((server) => sampleRss(server.pid));
    const statsBefore = await Promise.all(servers.map((server) => cacheStats(server.port, adminToken)));
    const cpuBefore = servers.map((server) => cpuMs(server.pid));
    const [a, b] = await both(seconds);
    const cpuMsUsed = servers.reduce((sum, server, i) => sum + cpuMs(server.pid) - cpuBefore[i]!, 0);
    const statsAfter = await Promise.all(servers.map((server) => cacheStats(server.port, adminToken)));
    const requestsDone = a!.requests + b!.requests;
    const sum = (kind: 'sessions' | 'answers', when: (CacheStats | undefined)[]) => ({
      hits: when.reduce((n, s) => n + (s?.[kind].hits ?? 0), 0),
      misses: when.reduce((n, s) => n + (s?.[kind].misses ?? 0), 0),
    });
    const measured: Measured = {
      rps: a!.rps + b!.rps,
      cpuUsPerRequest: (cpuMsUsed * 1000) / Math.max(1, requestsDone),
      // The slower instance's percentiles: a person sent to it waits that long.
      p50: Math.max(a!.p50, b!.p50),
      p99: Math.max(a!.p99, b!.p99),
      requests: requestsDone,
      non2xx: a!.non2xx + b!.non2xx,
      errors: a!.errors + b!.errors,
      bytesPerAnswer:
        (a!.bytesPerAnswer * a!.requests + b!.bytesPerAnswer * b!.requests) / Math.max(1, requestsDone),
    };
    const hitRates = {
      sessions: rate(sum('sessions', statsAfter), sum('sessions', statsBefore)),
      answers: rate(sum('answers', statsAfter), sum('answers', statsBefore)),
    };
    const peak = Math.max(...rss.map((r) => r.stop()));
    log(
      `  mix, 2 instances    ${measured.rps.toFixed(0).padStart(7)} req/s  p50 ${a!.p50.toFixed(1)} / ${b!.p50.toFixed(1)} ms  p99 ${a!.p99.toFixed(1)} / ${b!.p99.toFixed(1)} ms  CPU ${measured.cpuUsPerRequest.toFixed(0)} µs/req  RSS ${peak.toFixed(0)} MB each at most  hits ${percent(hitRates.answers)}  load ${load.toFixed(1)}${measured.non2xx + measured.errors > 0 ? `  ${measured.non2xx} non-2xx, ${measured.errors} errors` : ''}`,
    );
    return {
      hitRates,
      name: 'mix-2-instances',
      title: 'the realistic mix on two instances sharing the database, half the connections each',
      kind: 'mixed',
      connections: half * 2,
      ...measured,
      rssMb: peak,
      loadavg: load,
    };
  } finally {
    await second.stop();
  }
}

/** What a campus is measured with: the warm scenarios, the realistic mix, the cold table. */
interface Plan {
  warm: boolean;
  mix: boolean;
  cold: boolean;
  bare: boolean;
}

const MIX_SIZE: Record<Exclude<Campus, 'demo'>, MixSize> = {
  large: { students: 20_000, signedInStudents: 400, teachers: 400, signedInTeachers: 40, groups: 100 },
  small: { students: 1_000, signedInStudents: 100, teachers: 20, signedInTeachers: 10, groups: 5 },
};
const wanted = (name: string) => !only || only.has(name);

function serverEnv(campus: Campus, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SEED: campus === 'demo' ? 'demo' : 'none',
    WEB_DIST: join(runDir, 'no-web'),
    // The mark scenarios send each teacher's marks thousands of times a minute, far past the 600
    // writes an hour an account may make by default; the bench measures the writes, not the refusals.
    // The mix's students apply and ask far more often than 10 an hour, for the same reason.
    WRITE_LIMIT: '1000000000',
    QUERY_LIMIT: '1000000000',
    GATEPASS_LIMIT: '1000000000',
    READ_CACHE: args['read-cache'],
  };
}

/** Every list route's first page, one request at a time, from a server whose read cache is off. */
async function coldTable(mainJs: string, env: Record<string, string>, campus: Campus): Promise<ColdResult[]> {
  const server = await startServer(mainJs, { ...env, READ_CACHE: 'off' });
  try {
    const routes = await coldRoutes(server.port, MIX_SIZE[campus === 'small' ? 'small' : 'large'].groups);
    const out: ColdResult[] = [];
    for (const route of routes) {
      const load = loadavg()[0]!;
      const r = await runLoad(driver, {
        port: server.port,
        connections: 1,
        seconds: quick ? 1 : 2,
        requests: route.requests,
      });
      if (r.non2xx + r.errors > 0) throw new Error(`cold: ${route.name} had ${r.non2xx + r.errors} failures`);
      out.push({ route: route.name, requests: r.requests, p50: r.p50, p99: r.p99, loadavg: load });
      log(
        `  cold ${route.name.padEnd(72)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms`,
      );
    }
    return out;
  } finally {
    await server.stop();
  }
}

async function runCampus(
  mainJs: string,
  database: 'sqlite' | 'postgres',
  campus: Campus,
  plan: Plan,
): Promise<CampusRun> {
  log(`\n▶ ${CAMPUS_LABEL[campus]} campus on ${database}`);
  const dataDir = join(runDir, `${campus}-${database}`);
  mkdirSync(dataDir, { recursive: true });
  let prepareSeconds = 0;
  const env = serverEnv(campus, dataDir);
  if (database === 'postgres') {
    const fresh = await freshPgDatabase(campus);
    env.DATABASE_URL = fresh.url;
    prepareSeconds = fresh.seconds;
  } else if (campus !== 'demo') {
    prepareSeconds = await largeSqliteCopy(join(dataDir, 'campus.db'), campus);
  }

  const started = performance.now();
  let server: Child | undefined = await startServer(mainJs, env);
  prepareSeconds += (performance.now() - started) / 1000;
  const results: ScenarioResult[] = [];
  let scenarios: Scenario[] = [];
  let captured: Record<string, CapturedResponse> = {};
  try {
    const idleRssMb = rssMb(server.pid);
    const adminToken = await signIn(
      server.port,
      campus === 'demo' ? DEMO_ADMIN.adminId : LARGE_LOGIN.adminId,
    );
    if (plan.warm) {
      scenarios = (await buildScenarios(server.port, campus)).filter((s) => wanted(s.name));
    }
    if (plan.mix && wanted('mix') && campus !== 'demo') {
      log(
        `  signing in ${MIX_SIZE[campus].signedInStudents} students and ${MIX_SIZE[campus].signedInTeachers} teachers for the mix`,
      );
      scenarios.push({
        name: 'mix',
        title: `realistic mix: ${MIX_SIZE[campus].signedInStudents} students, ${MIX_SIZE[campus].signedInTeachers} teachers, lecture and day marks that change, passes and questions${args['accept-encoding'] === undefined ? '' : `, accepting ${args['accept-encoding']}`}${args['read-cache'] === 'off' ? ', read cache off' : ''}`,
        kind: 'mixed',
        requests: await buildMix(server.port, MIX_SIZE[campus], args['accept-encoding']),
      });
    }
    await checkScenarios(server.port, scenarios);
    const mixRequests = scenarios.find((s) => s.name === 'mix')?.requests;
    const mixCacheUse = mixRequests && (await cacheUse(server.port, adminToken, mixRequests));
    const comparedWithBare = (s: Scenario) => s.kind === 'read' || s.name === 'mix';
    for (const s of scenarios.filter(comparedWithBare)) {
      Object.assign(captured, await capture(server.port, s.requests));
    }
    for (const scenario of scenarios) {
      const {
        measured,
        rssMb: peak,
        loadavg: load,
        hitRates,
        pool,
      } = await drive(server.port, scenario.requests, server.pid, scenario.connections, adminToken);
      results.push({
        ...(hitRates ? { hitRates } : {}),
        ...(scenario.name === 'mix' && mixCacheUse ? { cacheUse: mixCacheUse } : {}),
        ...(pool ? { pool } : {}),
        name: scenario.name,
        title: scenario.title,
        kind: scenario.kind,
        connections: scenario.connections ?? connections,
        ...measured,
        rssMb: peak,
        loadavg: load,
      });
      log(
        `  ${scenario.name.padEnd(20)} ${measured.rps.toFixed(0).padStart(7)} req/s  p50 ${measured.p50.toFixed(1)} ms  p99 ${measured.p99.toFixed(1)} ms  CPU ${measured.cpuUsPerRequest.toFixed(0)} µs/req  ${measured.bytesPerAnswer.toFixed(0)} B/answer  RSS ${peak.toFixed(0)} MB  first answers ≤ ${measured.firstAnswerMaxMs?.toFixed(0)} ms  hits ${percent(hitRates?.answers)} (sessions ${percent(hitRates?.sessions)})${poolShown(pool)}  load ${load.toFixed(1)}${measured.non2xx + measured.errors > 0 ? `  ${measured.non2xx} non-2xx, ${measured.errors} errors` : ''}`,
      );
    }
    const mixScenario = scenarios.find((s) => s.name === 'mix');
    const mixRow = results.find((r) => r.name === 'mix');
    if (args['kinds-alone'] && mixScenario && mixRow) {
      log('  each kind of the mix alone, 1 connection');
      mixRow.kindsAlone = await kindsAlone(driver, server.port, server.pid, mixScenario.requests, seconds);
    }
    if (args['two-instances'] && database === 'postgres' && mixScenario) {
      results.push(await twoInstanceMix(mainJs, env, server, mixScenario.requests, adminToken));
    }
    await server.stop();
    server = undefined;

    if (plan.bare && scenarios.some(comparedWithBare)) {
      const file = join(runDir, `responses-${campus}-${database}.json`);
      writeFileSync(file, JSON.stringify(captured));
      captured = {};
      const bare = await startBareServer(join(ROOT, 'bench/lib/bare-server.ts'), file);
      try {
        for (const scenario of scenarios.filter(comparedWithBare)) {
          const { measured } = await drive(bare.port, scenario.requests, bare.pid);
          const row = results.find((r) => r.name === scenario.name)!;
          row.bare = measured;
          row.ratio = row.rps / measured.rps;
          log(
            `  bare ${scenario.name.padEnd(15)} ${measured.rps.toFixed(0).padStart(7)} req/s  p50 ${measured.p50.toFixed(1)} ms  ${measured.bytesPerAnswer.toFixed(0)} B/answer  → ratio ${(row.ratio * 100).toFixed(0)} %${measured.non2xx + measured.errors > 0 ? `  ${measured.non2xx} non-2xx, ${measured.errors} errors (a request it has no answer for)` : ''}`,
          );
        }
      } finally {
        await bare.stop();
      }
    }
    const cold = plan.cold && wanted('cold') && campus !== 'demo' ? await coldTable(mainJs, env, campus) : [];
    return { database, campus, prepareSeconds, idleRssMb, scenarios: results, cold };
  } finally {
    await server?.stop();
  }
}

const startedAt = new Date();
const loadStart = loadavg();
log(
  `Campus Portal bench: ${quick ? 'quick' : 'full'}, ${connections} connections, ${warmup} s warm-up + ${seconds} s per scenario, driver ${driver}, ${cpus().length} cores, load ${loadStart.map((l) => l.toFixed(1)).join(' ')}`,
);
if (driver === 'builtin') log('  (autocannon is not installed: using the built-in closed-loop driver)');
const runs: CampusRun[] = [];
let exitCode = 0;
let budgetMissed = false;
try {
  // The bench serves no web app: its scenarios are API calls.
  if (runLoads) {
    const { mainJs } = buildServer(runDir, { web: false });
    for (const database of databases) {
      const all = { warm: true, mix: true, cold: true, bare: true };
      if (quick) {
        runs.push(await runCampus(mainJs, database, 'demo', { ...all, mix: false, cold: false }));
        runs.push(await runCampus(mainJs, database, 'small', { ...all, warm: false }));
      } else {
        runs.push(await runCampus(mainJs, database, 'demo', { ...all, mix: false, cold: false }));
        runs.push(await runCampus(mainJs, database, 'large', all));
      }
    }
  }
} catch (err) {
  exitCode = 1;
  log(`\n✗ the bench could not finish: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  if (args.keep && pgDatabasesToDrop.length > 0) {
    log(`kept for inspection (--keep): the databases ${pgDatabasesToDrop.join(', ')}`);
  } else if (pgDatabasesToDrop.length > 0) {
    await pgAdmin(async (c) => {
      for (const name of pgDatabasesToDrop) await c.query(`drop database if exists ${name} with (force)`);
    }).catch((err: unknown) => log(`could not drop the bench databases: ${String(err)}`));
  }
  if (!args.keep) rmSync(runDir, { recursive: true, force: true });
}

if (runs.length > 0) {
  const checked = budgets(runs, REPORT);
  const report = [
    '',
    table(runs, REPORT),
    kindTable(runs, REPORT),
    coldTableText(runs, REPORT),
    '',
    `mix (requests of each kind in every 100): ${describeMixWeights()}`,
    `mixed-warm workload: ${describeMix()}`,
    '',
    'Budgets' + (quick ? ' (quick run on the demo campus: indicative only)' : ''),
    ...checked.map(
      (b) =>
        `${b.holds ? '✓' : '✗'} ${b.database} ${b.budget}: ${b.scenario === 'all' || b.scenario === 'peak' ? '' : `${b.scenario} `}${b.shown}`,
    ),
  ].join('\n');
  console.log(report);
  // A quick run is indicative only (a small campus, a few seconds each): only a full run fails on
  // budgets, and a quick one on a collapse, each coarse budget missed tenfold.
  if (!quick && checked.some((b) => !b.holds)) {
    log('\n✗ a budget was missed: the bench exits with status 1');
    budgetMissed = true;
  }
  const collapses = quick ? collapsed(runs, REPORT) : [];
  for (const problem of collapses) log(`✗ collapse: ${problem}`);
  if (collapses.length > 0) {
    log('\n✗ the quick run collapsed: the bench exits with status 1');
    budgetMissed = true;
  }
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
        mix: describeMixWeights(),
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
process.exitCode = exitCode || (budgetMissed ? 1 : 0);
