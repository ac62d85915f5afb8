// The reference deployment, tested (decision record 0030): deploy/up.sh brings up nginx (TLS, HTTP/2)
// in front of two instances on a new PostgreSQL database, then, through the proxy over HTTPS:
//
//   1. the proxy itself: HTTP/2, HSTS, the HTTP → HTTPS redirect, gzip and long-cached hashed assets,
//      /metrics refused, a Secure session cookie (the instances believe the proxy's X-Forwarded-Proto);
//   2. a sign-in, and a live update that crosses instances (a stream on one, the write on the other),
//      and one through the proxy (the stream is not buffered);
//   3. steady load while /metrics is scraped from each instance directly: the requests the instances
//      count must match the requests this script made (within 3 %);
//   4. a rolling restart under load (SIGTERM instance 1, wait until it is back and ready, then 2):
//      every request answered, nobody signed out, every stream resumed with no event missed, every
//      acknowledged write stored.
//
// Prints the figures; exits 1 on any failure. Uses the existing build (runs `npm run build` when
// there is none) and installs nginx from Debian when it is missing, as .ci/run does for Chromium.
//
//   npm run test:deploy        DEPLOY_PG=postgres://postgres@127.0.0.1:5432 (the PostgreSQL server)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const problems = [];
const figures = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
  return ok;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (line) => console.log(`deploy: ${line}`);

/** Whether nothing listens on `port` (on every interface, as nginx binds). */
function free(port) {
  return new Promise((resolvePromise) => {
    const server = net.createServer();
    server.once('error', () => resolvePromise(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolvePromise(true)));
  });
}

/** Four free ports in a row, from a random block, so that runs on one shared machine do not collide. */
async function freePorts() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 31000 + Math.floor(Math.random() * 800) * 10;
    const all = [base, base + 1, base + 2, base + 3];
    if ((await Promise.all(all.map(free))).every(Boolean)) return all;
  }
  throw new Error('no four free ports in a row between 31000 and 39000');
}

const [httpsPort, httpPort, port1, port2] = await freePorts();
const ports = { https: httpsPort, http: httpPort, one: port1, two: port2 };
const state = mkdtempSync(join(tmpdir(), 'campus-deploy-check-'));
const database = `campus_deploy_${randomBytes(4).toString('hex')}`;
const pgServer = process.env.DEPLOY_PG ?? 'postgres://postgres@127.0.0.1:5432';
const env = {
  ...process.env,
  DEPLOY_STATE: state,
  DEPLOY_DATABASE: database,
  DEPLOY_PG: pgServer,
  DEPLOY_FRESH: '1',
  DEPLOY_HTTPS_PORT: String(ports.https),
  DEPLOY_HTTP_PORT: String(ports.http),
  DEPLOY_PORT_1: String(ports.one),
  DEPLOY_PORT_2: String(ports.two),
  // Many writes by a few students in a minute: what is tested is that none is lost, not the limits.
  DEPLOY_ENV_EXTRA: ['GATEPASS_LIMIT=1000000000', 'QUERY_LIMIT=1000000000', 'WRITE_LIMIT=1000000000'].join(
    '\n',
  ),
};
const instanceUrl = (n) => `http://127.0.0.1:${n === 1 ? ports.one : ports.two}`;
const proxy = `https://localhost:${ports.https}`;

function prepare() {
  if (spawnSync('sh', ['-c', 'command -v nginx'], { stdio: 'ignore' }).status !== 0) {
    say('installing nginx from Debian');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (
    !existsSync(join(ROOT, 'apps/server/dist/main.js')) ||
    !existsSync(join(ROOT, 'apps/web/dist/index.html'))
  ) {
    say('no build: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
}

/** systemd's own check of the unit, when systemd-analyze is on this machine. */
function verifyUnit() {
  if (spawnSync('sh', ['-c', 'command -v systemd-analyze'], { stdio: 'ignore' }).status !== 0) {
    figures.push('systemd unit: not verified (systemd-analyze is not installed: apt-get install systemd)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'campus-unit-'));
  try {
    const unit = join(dir, 'campus-portal@3001.service');
    copyFileSync(join(ROOT, 'deploy/systemd/campus-portal@.service'), unit);
    const run = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`.trim();
    // Only what concerns this unit: verify also reads the machine's other units.
    const ours = output.split('\n').filter((line) => line.includes('campus-portal'));
    check(run.status === 0 && ours.length === 0, `systemd-analyze verify: ${output}`);
    figures.push(
      `systemd unit: systemd-analyze verify ${run.status === 0 && ours.length === 0 ? 'passed' : 'FAILED'}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The options Node starts the server with (the heap's cap, decision record 0043) are those of
 * `npm run serve` in the systemd unit and in the local deployment too.
 */
function checkNodeOptions() {
  const serve = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.serve;
  const options = serve.split(/\s+/).filter((word) => word.startsWith('--'));
  const unit = readFileSync(join(ROOT, 'deploy/systemd/campus-portal@.service'), 'utf8');
  const execStart = /^ExecStart=\/usr\/bin\/node (.*) \S+main\.js$/m.exec(unit)?.[1]?.split(/\s+/) ?? [];
  const local =
    /^NODE_ARGS=\((.*)\)$/m.exec(readFileSync(join(ROOT, 'deploy/lib.sh'), 'utf8'))?.[1]?.split(/\s+/) ?? [];
  const same = (list) => list.join(' ') === options.join(' ');
  check(
    same(execStart),
    `the systemd unit starts node with ${execStart.join(' ')}, npm run serve with ${options.join(' ')}`,
  );
  check(
    same(local),
    `deploy/lib.sh starts node with ${local.join(' ')}, npm run serve with ${options.join(' ')}`,
  );
  figures.push(`node options: ${options.join(' ')} (npm run serve, the systemd unit, deploy/lib.sh)`);
}

let ca;
let agent;

/** One request through the proxy (HTTPS) or to an instance (HTTP); resolves { status, headers, body }. */
function call(url, method, path, { token, body, headers = {}, raw = false, useAgent } = {}) {
  return new Promise((resolvePromise, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const all = { ...headers };
    if (data) {
      all['content-type'] = 'application/json';
      all['content-length'] = data.length;
    }
    if (token) all.authorization = `Bearer ${token}`;
    const target = new URL(path, url);
    const secure = target.protocol === 'https:';
    const req = (secure ? https : http).request(
      target,
      { method, headers: all, ...(secure ? { ca, agent: useAgent ?? agent } : { agent: useAgent ?? false }) },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const buffer = Buffer.concat(chunks);
          let parsed = buffer;
          if (!raw) {
            parsed = buffer.toString('utf8');
            try {
              parsed = JSON.parse(parsed);
            } catch {
              // text
            }
          }
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', reject);
    req.end(data);
  });
}

async function login(url, userId) {
  const res = await call(url, 'POST', '/api/login', {
    body: { userId: String(userId), password: 'campus123' },
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${userId} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}

/**
 * A live update stream read the way the web app reads it: on an end it reconnects after the
 * `retry` it was last given, sending the id of the last event it saw (Last-Event-ID).
 */
function liveStream(url, token, label) {
  const stream = {
    label,
    ids: new Set(),
    topics: [],
    lastId: undefined,
    retryMs: 2000,
    connects: 0,
    resumed: 0,
    resyncs: 0,
    refusals: [],
    closed: false,
    waiters: new Set(),
    request: undefined,
  };
  const secure = url.startsWith('https:');
  const connect = () => {
    if (stream.closed) return;
    const headers = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (stream.lastId) headers['last-event-id'] = stream.lastId;
    const req = (secure ? https : http).request(new URL('/api/events', url), {
      headers,
      ...(secure ? { ca, agent: false } : { agent: false }),
    });
    stream.request = req;
    let ended = false;
    const again = () => {
      if (ended) return;
      ended = true;
      if (!stream.closed) setTimeout(connect, stream.retryMs);
    };
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        stream.refusals.push(res.statusCode);
        res.resume();
        res.on('end', again);
        return;
      }
      stream.connects++;
      if (headers['last-event-id']) stream.resumed++;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id;
          let data;
          for (const line of block.split('\n')) {
            if (line.startsWith('retry: ')) stream.retryMs = Number(line.slice(7));
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (id !== undefined) stream.lastId = id;
          if (id !== undefined && data !== undefined) {
            if (id.startsWith('resync-')) stream.resyncs++;
            else stream.ids.add(id);
            stream.topics.push(...JSON.parse(data).topics);
            for (const waiter of stream.waiters) waiter();
          }
        }
      });
      res.on('end', again);
      res.on('error', again);
    });
    req.on('error', again);
    req.end();
  };
  connect();
  stream.close = () => {
    stream.closed = true;
    stream.request?.destroy();
  };
  /** Resolves once an event naming `topic` arrives, or false after `ms`. */
  stream.next = (topic, ms = 10_000) =>
    new Promise((resolvePromise) => {
      const seen = stream.topics.length;
      const done = (value) => {
        clearTimeout(timer);
        stream.waiters.delete(waiter);
        resolvePromise(value);
      };
      const waiter = () => {
        if (stream.topics.slice(seen).includes(topic)) done(true);
      };
      const timer = setTimeout(() => done(false), ms);
      stream.waiters.add(waiter);
    });
  return stream;
}

/** The requests an instance counted, from its /metrics (health checks and scrapes left out). */
async function countedRequests(n) {
  const res = await call(instanceUrl(n), 'GET', '/metrics');
  if (res.status !== 200) throw new Error(`instance ${n}: /metrics answered ${res.status}`);
  let sum = 0;
  for (const line of String(res.body).split('\n')) {
    if (!line.startsWith('campus_http_requests_total{')) continue;
    const route = /route="([^"]*)"/.exec(line)?.[1] ?? '';
    if (route === '/metrics' || route.startsWith('/api/health')) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  const streams = /^campus_event_streams_open (\d+)/m.exec(String(res.body))?.[1];
  return { sum, streams: Number(streams ?? 0) };
}

const STUDENTS = [230001, 230002, 230003, 230004, 230005, 230006, 230007, 230008];
const today = new Date().toISOString().slice(0, 10);

/** Requests through the proxy from `workers` loops until stop(): reads and gate pass applications. */
function load(tokens, teacher, workers) {
  const tally = { sent: 0, answered: 0, failed: 0, signedOut: 0, failures: [], acked: [], stopped: false };
  let seq = 0;
  const one = async (i) => {
    const kind = seq++ % 4;
    const student = tokens[i % tokens.length];
    let path = '/api/get-notices?limit=5';
    let method = 'GET';
    let body;
    let token = student;
    let expected = 200;
    if (kind === 1) {
      path = '/api/gatepasses/pending?limit=20';
      token = teacher;
    } else if (kind === 2) path = '/api/notifications/unread-count';
    else if (kind === 3) {
      method = 'POST';
      path = '/api/submit-gatepass';
      body = { date: today, time: '09:15', reason: `rolling restart ${seq}` };
      expected = 201;
    }
    tally.sent++;
    try {
      const res = await call(proxy, method, path, { token, body });
      if (res.status === expected) {
        tally.answered++;
        if (kind === 3) tally.acked.push(res.body.gatepass._id);
      } else {
        tally.failed++;
        if (res.status === 401) tally.signedOut++;
        tally.failures.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    } catch (err) {
      tally.failed++;
      tally.failures.push(`${method} ${path}: ${err.message}`);
    }
  };
  const loops = Array.from({ length: workers }, async (_, i) => {
    while (!tally.stopped) await one(i);
  });
  tally.stop = async () => {
    tally.stopped = true;
    await Promise.all(loops);
  };
  return tally;
}

function sh(script, args = []) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', [join(ROOT, 'deploy', script), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise(output)
        : reject(new Error(`deploy/${script} ${args.join(' ')}: ${code}\n${output}`)),
    );
  });
}

let up = false;
const streams = [];
try {
  prepare();
  verifyUnit();
  checkNodeOptions();
  say(
    `bringing it up: nginx on ${ports.https}, instances on ${ports.one} and ${ports.two}, database ${database}`,
  );
  await sh('up.sh');
  up = true;
  ca = readFileSync(join(state, 'tls.crt'));
  agent = new https.Agent({ ca, keepAlive: true, maxSockets: 64 });

  // 1. The proxy.
  const h2 = await new Promise((resolvePromise, reject) => {
    const session = http2.connect(proxy, { ca });
    session.on('error', reject);
    const req = session.request({ ':path': '/', 'accept-encoding': 'gzip' });
    req.on('response', (headers) => {
      req.resume();
      req.on('end', () => {
        session.close();
        resolvePromise(headers);
      });
    });
    req.end();
  });
  check(h2[':status'] === 200, `HTTP/2 GET / answered ${h2[':status']}`);
  check(/max-age=31536000/.test(String(h2['strict-transport-security'])), 'no HSTS header through the proxy');
  const page = await call(proxy, 'GET', '/');
  const asset = /\/assets\/[^"']+\.js/.exec(String(page.body))?.[0];
  const assetRes = asset
    ? await call(proxy, 'GET', asset, { headers: { 'accept-encoding': 'gzip' }, raw: true })
    : undefined;
  check(!!asset && assetRes?.status === 200, `no script asset served through the proxy (${asset})`);
  check(/immutable/.test(String(assetRes?.headers['cache-control'])), 'assets are not cached long');
  check(assetRes?.headers['content-encoding'] === 'gzip', 'assets are not gzipped');
  if (assetRes?.headers['content-encoding'] === 'gzip') gunzipSync(assetRes.body);
  const redirect = await call(`http://127.0.0.1:${ports.http}`, 'GET', '/x?y=1', {
    headers: { host: 'localhost' },
  });
  check(
    redirect.status === 301 && redirect.headers.location === `${proxy}/x?y=1`,
    `HTTP answered ${redirect.status} ${redirect.headers.location}`,
  );
  const metricsThroughProxy = await call(proxy, 'GET', '/metrics');
  check(
    metricsThroughProxy.status === 404,
    `/metrics through the proxy answered ${metricsThroughProxy.status}`,
  );
  const proxiedToInstance = await call(instanceUrl(1), 'GET', '/metrics', {
    headers: { 'x-forwarded-for': '1.2.3.4' },
  });
  check(
    proxiedToInstance.status === 403,
    `/metrics with X-Forwarded-For answered ${proxiedToInstance.status}`,
  );
  const oversized = await call(proxy, 'POST', '/api/login', {
    body: { userId: 'x'.repeat(1_100_000), password: 'x' },
  });
  check(oversized.status === 413, `a 1.1 MB body through the proxy answered ${oversized.status}`);
  figures.push(
    `proxy: HTTP/2 ${h2[':status']}, HSTS ${h2['strict-transport-security'] ? 'yes' : 'no'}, asset ${assetRes?.headers['content-encoding']} + ${assetRes?.headers['cache-control']}, http → ${redirect.status}, /metrics via proxy ${metricsThroughProxy.status}, 1.1 MB body ${oversized.status}`,
  );

  // 2. A sign-in through the proxy, and live updates across instances.
  const signIn = await login(proxy, 230001);
  const cookie = String(signIn.headers['set-cookie'] ?? '');
  check(/;\s*Secure/i.test(cookie), `the session cookie is not Secure behind the proxy: ${cookie}`);
  const tokens = await Promise.all(STUDENTS.map(async (s) => (await login(proxy, s)).body.token));
  const teachers = [500001, 500002];
  const teacherTokens = await Promise.all(teachers.map(async (t) => (await login(proxy, t)).body.token));
  // The largest leave attachment (2 MB, about 2.8 MB as base64 in JSON) passes the proxy.
  const attachment = Buffer.alloc(2 * 1024 * 1024);
  attachment.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const leaveDay = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const leave = await call(proxy, 'POST', '/api/leave', {
    token: tokens[0],
    body: {
      from: leaveDay,
      to: leaveDay,
      reason: 'Surgery, with the hospital letter',
      attachment: { name: 'letter.png', type: 'image/png', data: attachment.toString('base64') },
    },
  });
  check(leave.status === 201, `a 2 MB leave attachment through the proxy answered ${leave.status}`);
  const direct = liveStream(instanceUrl(1), teacherTokens[0], 'direct on instance 1');
  const viaProxy = liveStream(proxy, teacherTokens[1], 'through the proxy');
  await sleep(500);
  const crossing = direct.next('gatepasses');
  const proxied = viaProxy.next('gatepasses');
  const t0 = performance.now();
  const written = await call(instanceUrl(2), 'POST', '/api/submit-gatepass', {
    token: tokens[0],
    body: { date: today, time: '10:00', reason: 'crosses instances' },
  });
  check(written.status === 201, `the write on instance 2 answered ${written.status}`);
  const [crossed, proxiedOk] = await Promise.all([crossing, proxied]);
  const crossMs = Math.round(performance.now() - t0);
  check(crossed, 'a stream on instance 1 did not hear a write on instance 2');
  check(proxiedOk, 'a stream through the proxy did not hear the write (buffered?)');
  direct.close();
  viaProxy.close();
  figures.push(
    `sign-in through the proxy: 200, cookie ${/Secure/.test(cookie) ? 'Secure' : 'NOT Secure'}; live update from a write on instance 2: heard on instance 1 ${crossed ? 'yes' : 'NO'}, through the proxy ${proxiedOk ? 'yes' : 'NO'} (${crossMs} ms)`,
  );

  // The streams that live through the rolling restart: three per teacher, through the proxy.
  for (const [i, token] of teacherTokens.entries())
    for (let k = 0; k < 3; k++) streams.push(liveStream(proxy, token, `teacher ${teachers[i]} #${k + 1}`));
  await sleep(500);

  // 3. Steady load, /metrics scraped from each instance before and after.
  const before = [await countedRequests(1), await countedRequests(2)];
  const steady = load(tokens, teacherTokens[0], 8);
  await sleep(4000);
  const midScrape = [await countedRequests(1), await countedRequests(2)];
  await steady.stop();
  const after = [await countedRequests(1), await countedRequests(2)];
  const counted = after[0].sum + after[1].sum - before[0].sum - before[1].sum;
  const measured = steady.sent;
  const off = Math.abs(counted - measured) / Math.max(1, measured);
  check(off <= 0.03, `the instances counted ${counted} requests, this script sent ${measured}`);
  check(
    steady.failed === 0,
    `steady load: ${steady.failed} failed: ${steady.failures.slice(0, 5).join('; ')}`,
  );
  figures.push(
    `metrics during steady load: this script sent ${measured} requests (${steady.failed} failed); /metrics of the instances counted ${counted} (${after[0].sum - before[0].sum} + ${after[1].sum - before[1].sum}), ${(off * 100).toFixed(2)} % apart; open streams by /metrics ${midScrape[0].streams} + ${midScrape[1].streams}`,
  );

  // 4. Rolling restart under load.
  const rolling = load(tokens, teacherTokens[0], 8);
  const scrapes = [];
  let scraping = true;
  const scraper = (async () => {
    while (scraping) {
      for (const n of [1, 2])
        scrapes.push(
          await countedRequests(n).then(
            () => 'ok',
            () => 'down',
          ),
        );
      await sleep(500);
    }
  })();
  await sleep(1500);
  const restartStarted = performance.now();
  await sh('restart.sh', ['1']);
  await sleep(2000);
  await sh('restart.sh', ['2']);
  const restartMs = performance.now() - restartStarted;
  await sleep(1500);
  await rolling.stop();
  scraping = false;
  await scraper;
  // Events still on their way from the last writes.
  await sleep(1500);
  for (const stream of streams) stream.close();

  // Every acknowledged write is stored.
  const client = new pg.Client({ connectionString: `${pgServer}/${database}` });
  await client.connect();
  const found = Number(
    (await client.query('select count(*) as n from gate_passes where id = any($1)', [rolling.acked])).rows[0]
      .n,
  );
  await client.end();
  check(found === rolling.acked.length, `${rolling.acked.length - found} acknowledged writes are not stored`);
  check(
    rolling.failed === 0,
    `rolling restart: ${rolling.failed} requests failed: ${rolling.failures.slice(0, 8).join('; ')}`,
  );

  // Every stream of an account heard every event any stream of that account heard.
  let missed = 0;
  let resumed = 0;
  let resyncs = 0;
  let refusals = 0;
  for (const teacher of teachers) {
    const mine = streams.filter((s) => s.label.startsWith(`teacher ${teacher} `));
    const union = new Set(mine.flatMap((s) => [...s.ids]));
    for (const s of mine) {
      const lost = union.size - s.ids.size;
      missed += lost;
      resumed += s.resumed;
      resyncs += s.resyncs;
      refusals += s.refusals.length;
      check(lost === 0, `${s.label} missed ${lost} of ${union.size} events`);
      check(s.resumed >= 1, `${s.label} never reconnected (its instance restarted)`);
      check(s.resyncs === 0, `${s.label} could not resume ${s.resyncs} times (resync)`);
      check(s.refusals.length === 0, `${s.label} was refused: ${s.refusals.join(', ')}`);
    }
  }
  const gatepassEvents = Math.min(...streams.map((s) => s.topics.filter((t) => t === 'gatepasses').length));
  check(
    gatepassEvents >= rolling.acked.length,
    `a stream heard ${gatepassEvents} gate pass events for ${rolling.acked.length} applications`,
  );
  figures.push(
    `rolling restart (instance 1 then 2, ${(restartMs / 1000).toFixed(1)} s) under load: requests sent ${rolling.sent}, answered ${rolling.answered}, failed ${rolling.failed} (signed out ${rolling.signedOut}); streams ${streams.length}, resumed ${resumed} times (Last-Event-ID), resyncs ${resyncs}, refused ${refusals}, events missed ${missed} (each stream heard ≥ ${gatepassEvents} gate pass events); writes acknowledged ${rolling.acked.length}, found ${found}; /metrics scrapes during it ${scrapes.filter((s) => s === 'ok').length} answered, ${scrapes.filter((s) => s === 'down').length} while an instance was down`,
  );
} catch (err) {
  problems.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
} finally {
  for (const stream of streams) stream.close();
  agent?.destroy();
  if (problems.length > 0 && existsSync(state)) {
    // The logs of a failed run, kept for a look: nginx's errors and each instance's output.
    const kept = mkdtempSync(join(tmpdir(), 'campus-deploy-failed-'));
    for (const file of ['nginx-error.log', 'instance-1.log', 'instance-2.log']) {
      if (existsSync(join(state, file))) copyFileSync(join(state, file), join(kept, file));
    }
    console.error(`deploy: logs of this run kept in ${kept}`);
  }
  if (up || existsSync(join(state, 'env'))) {
    await sh('down.sh', ['--drop']).catch((err) => problems.push(err.message));
  }
  rmSync(state, { recursive: true, force: true });
}

console.log('\ndeploy check: nginx (TLS, HTTP/2) in front of two instances on PostgreSQL');
for (const line of figures) console.log(`  ${line}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (problems.length > 0) {
  console.error(`\ndeploy check FAILED:\n- ${problems.slice(0, 30).join('\n- ')}`);
  process.exit(1);
}
