/**
 * `npm run bench:streams`: live updates at campus scale. Builds the server, starts it on a campus
 * of 1,000 students (a twentieth of the large campus; SQLite, or PostgreSQL with
 * BENCH_DATABASE_URL and `--db postgres`), signs every student in, and then:
 *
 * - opens `--streams` (10,000) live update streams, ten tabs a student, and measures the server's
 *   memory per open stream, and how long a sign-in and a list still take while they are open;
 * - keeps one stream a student (1,000 listeners) and has a teacher post `--rounds` notices, each of
 *   which every listener must hear: the fan-out latency from the post to each listener, p50 / p99.
 *
 * Budgets: every stream opens and every listener hears every notice; fan-out p99 ≤ 1 s;
 * ≤ 20 KB per stream. Prints a table and writes JSON to bench/results/.
 *
 *   npm run bench:streams [-- --streams 10000] [--rounds 20] [--db sqlite|postgres] [--quick]
 */
import { randomBytes } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedInto } from './lib/campus';
import { rssMb, startServer, type Child } from './lib/processes';
import { buildServer, freshPgDatabase, percentile, ROOT } from './lib/setup';
import { DEMO_PASSWORD, LARGE_LOGIN, openDb } from './lib/server';

const BUDGET = { fanOutP99Ms: 1000, kbPerStream: 20 };
const SCALE = 0.05;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    streams: { type: 'string' },
    rounds: { type: 'string' },
    db: { type: 'string', default: 'sqlite' },
  },
});
const streamCount = Number(args.streams ?? (args.quick ? 2000 : 10_000));
const rounds = Number(args.rounds ?? (args.quick ? 5 : 20));
const pgUrl = process.env.BENCH_DATABASE_URL;
if (args.db === 'postgres' && !pgUrl) throw new Error('--db postgres needs BENCH_DATABASE_URL');

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Listener {
  req: ClientRequest;
  opened: Promise<boolean>;
  /** When each notices event arrived (performance.now()). */
  heard: number[];
}

/** Opens one live updates stream and notes when it hears of new notices. */
function listen(port: number, token: string): Listener {
  const heard: number[] = [];
  let settle: (ok: boolean) => void = () => {};
  const opened = new Promise<boolean>((resolve) => (settle = resolve));
  const req = request({
    host: '127.0.0.1',
    port,
    path: '/api/events',
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    agent: false,
  });
  req.on('response', (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes(': connected')) settle(res.statusCode === 200);
      let end: number;
      while ((end = text.indexOf('\n\n')) !== -1) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        if (block.includes('data: ') && block.includes('"notices"')) heard.push(performance.now());
      }
    });
    res.on('end', () => settle(false));
  });
  req.on('error', () => settle(false));
  req.end();
  return { req, opened, heard };
}

async function call(port: number, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

async function signIn(port: number, userId: number): Promise<string> {
  for (;;) {
    const res = await call(port, 'POST', '/api/login', undefined, { userId, password: DEMO_PASSWORD });
    if (res.status === 200) return (JSON.parse(res.text) as { token: string }).token;
    if (res.status !== 503) throw new Error(`Sign-in of ${userId} answered ${res.status}: ${res.text}`);
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

async function timed(work: () => Promise<unknown>, times: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return percentile(
    samples.sort((a, b) => a - b),
    50,
  );
}

const runDir = mkdtempSync(join(tmpdir(), 'campus-streams-'));
const { mainJs } = buildServer(runDir);
const database =
  args.db === 'postgres' ? await freshPgDatabase(pgUrl!, `campus_streams_${process.pid}`) : undefined;
const dataDir = join(runDir, 'data');
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
log(`▶ seeding ${SCALE * 20_000} students (${args.db})`);
const seedHandle = openDb(
  database ? { databaseUrl: database.url } : { sqliteFile: join(dataDir, 'campus.db') },
);
const { counts } = await seedInto(seedHandle, { scale: SCALE });
await seedHandle.close();

let server: Child | undefined;
const listeners: Listener[] = [];
try {
  server = await startServer(mainJs, {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SEED: 'none',
    WRITE_LIMIT: '1000000000',
    // Capacity, not the bounds (bench:stream-flood measures those): ten tabs a student, every one
    // from this machine's address.
    STREAMS_PER_ACCOUNT: '10',
    STREAMS_PER_ADDRESS: String(streamCount),
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const { port, pid } = server;
  const studentIds = Array.from({ length: counts.students }, (_, i) => LARGE_LOGIN.firstRollNo + i);
  log(`▶ signing in ${studentIds.length} students`);
  const tokens = await pool(studentIds, 16, (id) => signIn(port, id));
  const teacherToken = await signIn(port, LARGE_LOGIN.firstTeacherId);
  const adminToken = await signIn(port, LARGE_LOGIN.adminId);
  const list = () => call(port, 'GET', '/api/get-notices?limit=20', tokens[0]);
  // Timed on an account that holds no stream and no token in use: its twenty sign-ins would end a
  // listener's session (an account keeps its 20 newest, record 0024), and the stream with it.
  const signInAgain = () => signIn(port, LARGE_LOGIN.firstTeacherId + 1);
  const quiet = { signIn: await timed(signInAgain, 10), list: await timed(list, 50) };

  log(`▶ opening ${streamCount} streams`);
  const before = rssMb(pid);
  const openStarted = performance.now();
  for (let i = 0; i < streamCount; i++) {
    listeners.push(listen(port, tokens[i % tokens.length]!));
    // A few hundred at a time, as tabs open, rather than all in one burst of connections.
    if (i % 250 === 249) await Promise.all(listeners.slice(-250).map((l) => l.opened));
  }
  const opened = (await Promise.all(listeners.map((l) => l.opened))).filter(Boolean).length;
  const openSeconds = (performance.now() - openStarted) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssMb(pid);
  const kbPerStream = ((after - before) * 1024) / streamCount;
  const loaded = { signIn: await timed(signInAgain, 10), list: await timed(list, 50) };
  const health = await call(port, 'GET', '/api/students/count', adminToken);

  log('▶ keeping one stream a student for the fan-out');
  for (const l of listeners.splice(tokens.length)) l.req.destroy();
  await new Promise((r) => setTimeout(r, 3000));
  const fanOut: number[] = [];
  const postMs: number[] = [];
  let missed = 0;
  // One round first that is not counted: the server has just closed thousands of sockets.
  for (let round = -1; round < rounds; round++) {
    const heardBefore = listeners.map((l) => l.heard.length);
    const started = performance.now();
    const posted = await call(port, 'POST', '/api/create-notice', teacherToken, {
      type: 'generalNotice',
      data: { heading: `Fan-out ${round}`, contactEmail: 'office@campus.example.edu', description: 'Bench.' },
    });
    if (posted.status !== 201) throw new Error(`A notice answered ${posted.status}: ${posted.text}`);
    if (round >= 0) postMs.push(performance.now() - started);
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline && listeners.some((l, i) => l.heard.length === heardBefore[i])) {
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const [i, l] of listeners.entries()) {
      if (round < 0) continue;
      const at = l.heard[heardBefore[i]!];
      if (at === undefined) missed++;
      else fanOut.push(at - started);
    }
  }
  fanOut.sort((a, b) => a - b);
  postMs.sort((a, b) => a - b);

  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  console.log(`\nLive update streams, ${args.db}, ${counts.students} students signed in`);
  console.log('| measure | value |');
  console.log('|---|--:|');
  console.log(`| streams opened | ${opened} of ${streamCount} in ${openSeconds.toFixed(1)} s |`);
  console.log(`| server RSS before → with them open | ${fmt(before)} → ${fmt(after)} MB |`);
  console.log(`| memory per open stream | ${kbPerStream.toFixed(1)} KB |`);
  console.log(
    `| sign-in p50, quiet → ${streamCount} open | ${fmt(quiet.signIn)} → ${fmt(loaded.signIn)} ms |`,
  );
  console.log(
    `| notices list p50, quiet → ${streamCount} open | ${fmt(quiet.list)} → ${fmt(loaded.list)} ms |`,
  );
  console.log(
    `| fan-out to ${listeners.length} listeners, ${rounds} notices: p50 / p99 | ${fmt(percentile(fanOut, 50))} / ${fmt(percentile(fanOut, 99))} ms |`,
  );
  console.log(`| the notice's own answer p50 | ${fmt(percentile(postMs, 50))} ms |`);
  console.log(`| events missed | ${missed} of ${rounds * listeners.length} |`);
  const checks = [
    { what: `all ${streamCount} streams opened`, holds: opened === streamCount },
    { what: 'the server answered a read with them open', holds: health.status === 200 },
    { what: `≤ ${BUDGET.kbPerStream} KB per stream`, holds: kbPerStream <= BUDGET.kbPerStream },
    { what: 'every listener heard every notice', holds: missed === 0 },
    { what: `fan-out p99 ≤ ${BUDGET.fanOutP99Ms} ms`, holds: percentile(fanOut, 99) <= BUDGET.fanOutP99Ms },
  ];
  console.log('');
  for (const c of checks) console.log(`${c.holds ? '✓' : '✗'} ${c.what}`);
  const resultsDir = join(ROOT, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `streams-${args.db}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        db: args.db,
        streamCount,
        opened,
        before,
        after,
        kbPerStream,
        quiet,
        loaded,
        rounds,
        fanOut: { p50: percentile(fanOut, 50), p99: percentile(fanOut, 99) },
        missed,
        checks,
      },
      null,
      2,
    ),
  );
  log(`results: ${file}`);
  if (!args.quick && checks.some((c) => !c.holds)) process.exitCode = 1;
} finally {
  for (const l of listeners) l.req.destroy();
  await server?.stop();
  await database?.drop();
  rmSync(runDir, { recursive: true, force: true });
}
