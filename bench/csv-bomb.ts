/**
 * `npm run bench:csv-bomb`: what a hostile CSV upload costs the server, and whether everyone else is
 * still answered meanwhile. The server runs in a child process of its own (SQLite in a temporary
 * directory), so its peak memory (VmHWM) is its own. Two uploads go to the students dry run:
 *
 * - `comma bomb`: a header, then one row of 49 MB of commas;
 * - `big valid file`: 100,000 students (11.7 MB), the row limit.
 *
 * During each, `GET /api/health` is asked over and over, one at a time; the longest wait is printed.
 * Budgets: the bomb refused within 2 s, health never waits more than 500 ms, the server's peak RSS
 * under 400 MB. Prints a table and writes JSON to bench/results/.
 *
 *   npm run bench:csv-bomb [-- --mb 49]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addBenchAdmin } from './lib/bench-admin';
import { buildApp, migrateToLatest, openDb } from './lib/server';

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    ping: { type: 'string' },
    mb: { type: 'string', default: '49' },
  },
});
const ADMIN_ID = 990002;
const PASSWORD = 'bench csv bomb password';
const BUDGET = { bombSeconds: 2, healthMs: 500, peakRssMb: 400 };
const HEADER = 'RollNo,name,FatherName,MotherName,Gender,Dob,Category,phoneNo,email,group';

/** The child: a server on SQLite with one admin, which tells its port to the parent. */
async function serve() {
  const dir = mkdtempSync(join(tmpdir(), 'campus-bench-bomb-'));
  const handle = openDb({ sqliteFile: join(dir, 'campus.db') });
  await migrateToLatest(handle);
  await addBenchAdmin(handle, ADMIN_ID, PASSWORD);
  const app = await buildApp({ handle, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // The longest the server's event loop was held: what any request waited, whoever sent it.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message) => {
    if (message === 'reset') delay.reset();
    process.send?.({ loopHeldMs: Math.round(delay.max / 1e6) });
  });
  process.send?.({ address });
  process.once('disconnect', () => {
    void app
      .close()
      .then(() => handle.close())
      .finally(() => rmSync(dir, { recursive: true, force: true }));
  });
}

/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

interface Result {
  upload: string;
  mb: number;
  status: number;
  message: string;
  seconds: number;
  healthChecks: number;
  healthWorstMs: number;
  loopHeldMs: number;
  peakRssMb: number;
}

/**
 * The pinger child: asks `GET /api/health` again and again, one at a time, from a process of its
 * own (so the uploader's work does not count), and tells the longest wait since the last reset.
 */
async function ping(address: string) {
  let waits: number[] = [];
  process.on('message', (message) => {
    if (message === 'reset') waits = [];
    process.send?.({ checks: waits.length, worstMs: Math.round(Math.max(0, ...waits)) });
  });
  process.once('disconnect', () => process.exit(0));
  process.send?.('ready');
  for (;;) {
    const started = performance.now();
    const res = await fetch(`${address}/api/health`);
    await res.arrayBuffer();
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks a child a question over IPC and waits for its answer. */
function ask<T>(child: ChildProcess, question: string): Promise<T> {
  const answer = new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  child.send(question);
  return answer;
}

/**
 * Posts `body` to the dry run; the time is until the answer's status line arrives (the server may
 * answer a refusal while the client is still sending).
 */
function upload(address: string, token: string, body: Buffer) {
  return new Promise<{ status: number; text: string; seconds: number }>((resolve, reject) => {
    const started = performance.now();
    const req = request(`${address}/api/import/students/check`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'text/csv',
        'content-length': body.length,
      },
    });
    req.on('response', (res) => {
      const seconds = (performance.now() - started) / 1000;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, seconds }));
    });
    // A refused upload is cut off by the server once it has answered: that is expected.
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end(body);
  });
}

/** Sends `body` to the dry run while the pinger asks for health; how each fared. */
async function measure(
  address: string,
  token: string,
  children: { server: ChildProcess; pinger: ChildProcess },
  name: string,
  body: Buffer,
): Promise<Result> {
  const pid = children.server.pid!;
  // Resets the peak (VmHWM) to the present RSS, so that each upload's peak is its own.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  await ask(children.server, 'reset');
  await ask(children.pinger, 'reset');
  const { status, text, seconds } = await upload(address, token, body);
  const health = await ask<{ checks: number; worstMs: number }>(children.pinger, 'report');
  const { loopHeldMs } = await ask<{ loopHeldMs: number }>(children.server, 'report');
  let message = '';
  try {
    const json = JSON.parse(text) as { message?: string; errorCount?: number };
    message = json.message ?? `${json.errorCount ?? '?'} problems`;
  } catch {
    message = text.slice(0, 120);
  }
  return {
    upload: name,
    mb: Math.round((body.length / 1024 / 1024) * 10) / 10,
    status,
    message,
    seconds,
    healthChecks: health.checks,
    healthWorstMs: health.worstMs,
    loopHeldMs,
    peakRssMb: peakRssMb(pid),
  };
}

function validFile(rows: number): Buffer {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const rollNo = 400001 + i;
    lines.push(
      `${rollNo},Student ${rollNo},Father ${rollNo},Mother ${rollNo},Female,2005-01-1${i % 10},General,98${String(10_000_000 + i)},s${rollNo}@bench.example.edu,BOMB-${Math.floor(i / 200)}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** Forks this script in another role and waits for its first message. */
async function start(args: string[]): Promise<{ child: ChildProcess; first: unknown }> {
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const first = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code})`)));
  });
  return { child, first };
}

async function stop(child: ChildProcess) {
  if (!child.connected) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

async function main() {
  const { child: server, first } = await start(['--serve']);
  const { address } = first as { address: string };
  const results: Result[] = [];
  let pinger: ChildProcess | undefined;
  try {
    pinger = (await start(['--ping', address])).child;
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: String(ADMIN_ID), password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    console.log(`server idle peak RSS ${peakRssMb(server.pid!)} MB`);
    const bomb = Buffer.alloc(Number(values.mb) * 1024 * 1024, ',');
    Buffer.from(`${HEADER}\r\n`).copy(bomb);
    const children = { server, pinger };
    results.push(await measure(address, token, children, 'comma bomb', bomb));
    results.push(await measure(address, token, children, 'big valid file', validFile(100_000)));
  } finally {
    if (pinger) await stop(pinger);
    await stop(server);
  }
  for (const r of results) {
    console.log(
      `${r.upload.padEnd(15)} ${r.mb} MB: ${r.status} in ${r.seconds.toFixed(2)} s ("${r.message.slice(0, 90)}"), ` +
        `health worst ${r.healthWorstMs} ms over ${r.healthChecks} checks, server loop held ${r.loopHeldMs} ms at most, server peak RSS ${r.peakRssMb} MB`,
    );
  }
  writeFileSync(
    join(import.meta.dirname, 'results', `csv-bomb-${new Date().toISOString().slice(0, 10)}.json`),
    JSON.stringify(results, null, 2),
  );
  const bomb = results[0]!;
  const over = [
    bomb.seconds > BUDGET.bombSeconds && `the bomb took ${bomb.seconds.toFixed(1)} s`,
    ...results.map(
      (r) => r.healthWorstMs > BUDGET.healthMs && `health waited ${r.healthWorstMs} ms (${r.upload})`,
    ),
    ...results.map((r) => r.peakRssMb > BUDGET.peakRssMb && `peak RSS ${r.peakRssMb} MB (${r.upload})`),
  ].filter(Boolean);
  if (over.length > 0) {
    console.error(`Over budget: ${over.join('; ')}`);
    process.exitCode = 1;
  }
}

if (values.serve) await serve();
else if (values.ping) await ping(values.ping);
else await main();
