// Two server processes on one PostgreSQL database, sharing nothing but the database and JWT_SECRET.
//
//   1. concurrent submissions to both instances are all kept (acknowledged = stored = served by both);
//   2. two teachers, one on each instance, approve and reject the same pending gate passes at the same
//      moment: each pass is decided exactly once (one 200 and one 409 per pass, and the row holds the
//      winner's decision);
//   3. a logout on one instance is honoured by the other at once (and the other way round).
//
// The database is a new one (campus_scale_<random>) on the PostgreSQL server of SCALE_OUT_DATABASE_URL,
// DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped at
// the end. Exits 1 on any violation.
//
//   npm run test:scale-out                      builds the server into a temporary folder
//   SERVER_ENTRY=apps/server/dist/main.js …     tests an existing build instead
//   SCALE_OUT_PASSES=50 SCALE_OUT_SUBMISSIONS=100
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, call, formatSeconds, login, startServer, stopServer } from './lib/harness.mjs';

const PASSES = Number(process.env.SCALE_OUT_PASSES ?? 50);
const SUBMISSIONS = Number(process.env.SCALE_OUT_SUBMISSIONS ?? 100);
const WAVE = 5;
const STUDENTS = [230001, 230002, 230003, 230004, 230005, 230006, 230007, 230008, 230009, 230010];
const started = Date.now();
const problems = [];
const figures = {};

const baseUrl =
  process.env.SCALE_OUT_DATABASE_URL ??
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `campus_scale_${randomBytes(5).toString('hex')}`;
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
if (!['127.0.0.1', 'localhost', '[::1]'].includes(dbUrl.hostname)) {
  console.error(`scale-out: refusing a database host that is not loopback: ${dbUrl.hostname}`);
  process.exit(1);
}

/** A connection to the server's maintenance database, to create and drop the test database. */
async function adminClient() {
  const candidates = [baseUrl, Object.assign(new URL(baseUrl), { pathname: '/postgres' }).href];
  let lastError;
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (err) {
      lastError = err;
      await client.end().catch(() => undefined);
    }
  }
  throw lastError;
}

function check(condition, message) {
  if (!condition) problems.push(message);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
const dataDirs = [];
const servers = [];
let admin;
let db;
let build;

try {
  admin = await adminClient();
  await admin.query(`create database ${dbName}`);
  build = await buildServer('scale-out');
  const jwtSecret = randomBytes(48).toString('base64url');
  const envFor = (name) => {
    const dataDir = mkdtempSync(join(tmpdir(), `campus-scale-${name}-`));
    dataDirs.push(dataDir);
    return {
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.href,
      JWT_SECRET: jwtSecret,
      SEED: 'demo',
      WEB_DIST: join(dataDir, 'no-web'),
      // Ten students file SCALE_OUT_SUBMISSIONS at once, more than the 5 gate passes an hour an
      // account may apply for by default, and teachers decide SCALE_OUT_PASSES each: what is tested
      // is that both instances keep every write, not the write limits.
      QUERY_LIMIT: '1000000000',
      GATEPASS_LIMIT: '1000000000',
      WRITE_LIMIT: '1000000000',
    };
  };
  // A migrates and creates the demo campus; B then finds both done.
  const a = await startServer(build.main, envFor('a'), { label: 'instance A', timeoutMs: 60_000 });
  servers.push(a);
  const b = await startServer(build.main, envFor('b'), { label: 'instance B' });
  servers.push(b);
  const instances = [a, b];
  db = new pg.Client({ connectionString: dbUrl.href });
  await db.connect();

  // Each student signs in on one instance and uses the token on both.
  const tokens = new Map();
  await Promise.all(
    STUDENTS.map(async (s, i) => tokens.set(s, await login(instances[i % 2].url, s, { agent }))),
  );
  const teacherA = await login(a.url, 500001, { agent });
  const teacherB = await login(b.url, 500002, { agent });

  // 1. Concurrent submissions, alternating instances, all at once.
  const submissions = await Promise.all(
    Array.from({ length: SUBMISSIONS }, (_, i) => {
      const rollNo = STUDENTS[i % STUDENTS.length];
      const target = instances[i % 2];
      const marker = `scale-out ${i}`;
      const isQuery = i % 4 === 3;
      return call(target.url, 'POST', isQuery ? '/api/submit-query' : '/api/submit-gatepass', {
        agent,
        token: tokens.get(rollNo),
        body: isQuery
          ? { topic: marker, tags: ['scale-out'], query: 'Kept on both instances?' }
          : { date: new Date().toISOString().slice(0, 10), time: '09:15', reason: marker },
      }).then((res) => ({ res, isQuery, rollNo }));
    }),
  );
  const acked = submissions.filter((s) => s.res.status === 201);
  const passIds = acked.filter((s) => !s.isQuery).map((s) => s.res.body.gatepass._id);
  const queryIds = acked.filter((s) => s.isQuery).map((s) => s.res.body.query._id);
  check(acked.length === SUBMISSIONS, `${SUBMISSIONS - acked.length} submissions were not acknowledged`);
  const storedPasses = Number(
    (await db.query('select count(*) as n from gate_passes where id = any($1)', [passIds])).rows[0].n,
  );
  const storedQueries = Number(
    (await db.query('select count(*) as n from queries where id = any($1)', [queryIds])).rows[0].n,
  );
  // Both instances serve every acknowledged pass (read back through the API of each).
  const served = [];
  for (const instance of instances) {
    const seen = new Set();
    for (let offset = 0; ; offset += 200) {
      const res = await call(instance.url, 'GET', `/api/gatepasses/pending?limit=200&offset=${offset}`, {
        agent,
        token: instance === a ? teacherA : teacherB,
      });
      check(res.status === 200, `${instance.label}: pending list answered ${res.status}`);
      if (res.status !== 200) break;
      for (const p of res.body) seen.add(p._id);
      if (res.body.length < 200) break;
    }
    served.push(passIds.filter((id) => seen.has(id)).length);
  }
  check(
    storedPasses === passIds.length,
    `${passIds.length - storedPasses} acknowledged gate passes are not stored`,
  );
  check(
    storedQueries === queryIds.length,
    `${queryIds.length - storedQueries} acknowledged queries are not stored`,
  );
  for (const [i, n] of served.entries()) {
    check(
      n === passIds.length,
      `${instances[i].label} serves ${n} of ${passIds.length} acknowledged gate passes`,
    );
  }
  figures.submissions = `${SUBMISSIONS} concurrent submissions over both instances: ${acked.length} acknowledged, ${storedPasses + storedQueries} stored (${storedPasses} gate passes, ${storedQueries} queries), served by A ${served[0]} / B ${served[1]} of ${passIds.length} passes`;

  // 2. The same passes decided at the same moment by a teacher on each instance.
  const contested = passIds.slice(0, PASSES);
  check(contested.length === PASSES, `only ${contested.length} passes to contest`);
  // Open a kept-alive connection per request beforehand, so that both requests of a pair leave in the
  // same tick instead of queueing behind connection set-up.
  await Promise.all(
    instances.flatMap((instance) =>
      Array.from({ length: 2 * WAVE }, () => call(instance.url, 'GET', '/api/health', { agent })),
    ),
  );
  const decide = (instance, token, gatepassId, approvedStatus) => {
    const sentAt = performance.now();
    return call(instance.url, 'PUT', '/api/gatepasses/update-status', {
      agent,
      token,
      body: { gatepassId, approvedStatus },
    }).then((res) => ({ res, approvedStatus, by: instance.label, sentAt, answeredAt: performance.now() }));
  };
  // Waves of a few pairs, so that neither instance queues requests behind the others and both
  // updates of a pair reach PostgreSQL together; which instance sends first alternates.
  const decisions = [];
  for (let start = 0; start < contested.length; start += WAVE) {
    const wave = contested.slice(start, start + WAVE).flatMap((id, j) => {
      const approve = () => decide(a, teacherA, id, 'approved');
      const reject = () => decide(b, teacherB, id, 'rejected');
      return (start + j) % 2 === 0 ? [approve(), reject()] : [reject(), approve()];
    });
    decisions.push(...(await Promise.all(wave)));
  }
  const accounts = await db.query(
    'select t.account_id, t.teacher_id from teachers t where t.teacher_id = any($1)',
    [[500001, 500002]],
  );
  const accountOf = new Map(accounts.rows.map((r) => [Number(r.teacher_id), r.account_id]));
  const rows = await db.query('select id, status, decided_by from gate_passes where id = any($1)', [
    contested,
  ]);
  const rowById = new Map(rows.rows.map((r) => [r.id, r]));
  let overlapping = 0;
  let oneWinner = 0;
  let agreeing = 0;
  let wonByA = 0;
  let wonByB = 0;
  const statusCount = {};
  for (const [i, id] of contested.entries()) {
    const mine = [decisions[2 * i], decisions[2 * i + 1]];
    // Both requests of the pair were on their way at the same time (each sent before the other's answer).
    if (mine[0].sentAt < mine[1].answeredAt && mine[1].sentAt < mine[0].answeredAt) overlapping++;
    for (const d of mine) statusCount[d.res.status] = (statusCount[d.res.status] ?? 0) + 1;
    const winners = mine.filter((d) => d.res.status === 200);
    const losers = mine.filter((d) => d.res.status === 409);
    const row = rowById.get(id);
    if (winners.length === 1 && losers.length === 1) {
      oneWinner++;
      const w = winners[0];
      if (w.by === 'instance A') wonByA++;
      else wonByB++;
      const winnerAccount = accountOf.get(w.by === 'instance A' ? 500001 : 500002);
      const loserMessage = String(losers[0].res.body?.message ?? '');
      if (
        row?.status === w.approvedStatus &&
        row?.decided_by === winnerAccount &&
        w.res.body?.approvedStatus === w.approvedStatus &&
        loserMessage.includes(w.approvedStatus)
      ) {
        agreeing++;
      } else {
        problems.push(
          `pass ${id}: the row (${row?.status}, ${row?.decided_by}) or the 409 ("${loserMessage}") disagrees with the winner ${w.by} (${w.approvedStatus})`,
        );
      }
    } else {
      problems.push(`pass ${id}: answers ${mine.map((d) => `${d.by} ${d.res.status}`).join(', ')}`);
    }
  }
  const decidedInDb = rows.rows.filter((r) => r.status !== 'pending').length;
  check(decidedInDb === PASSES, `${decidedInDb} of ${PASSES} contested passes are decided in the database`);
  figures.decisions = `${decisions.length} decisions on ${PASSES} passes, each pass by both teachers at once (${WAVE} passes at a time): ${statusCount[200] ?? 0}×200, ${statusCount[409] ?? 0}×409, other ${decisions.length - (statusCount[200] ?? 0) - (statusCount[409] ?? 0)}; ${overlapping}/${PASSES} pairs in flight together; ${oneWinner}/${PASSES} passes with exactly one winner (A won ${wonByA}, B won ${wonByB}), ${agreeing}/${PASSES} rows match their winner, ${decidedInDb} decided rows`;

  // 3. Logout on one instance, refused on the other, with no delay in between (both directions).
  let honoured = 0;
  const logoutCases = [
    [a, b],
    [b, a],
  ];
  for (const [i, [from, to]] of logoutCases.entries()) {
    const rollNo = 230011 + i;
    const token = await login(from.url, rollNo, { agent });
    const path = `/api/gatepasses/pending/${rollNo}`;
    const before = await call(to.url, 'GET', path, { agent, token });
    const out = await call(from.url, 'POST', '/api/logout', { agent, token });
    const afterOther = await call(to.url, 'GET', path, { agent, token });
    const afterSame = await call(from.url, 'GET', path, { agent, token });
    const ok =
      before.status === 200 && out.status === 200 && afterOther.status === 401 && afterSame.status === 401;
    if (ok) honoured++;
    else {
      problems.push(
        `logout on ${from.label}: before ${before.status}, logout ${out.status}, then ${to.label} ${afterOther.status} and ${from.label} ${afterSame.status}`,
      );
    }
  }
  figures.logout = `logout honoured across instances ${honoured}/${logoutCases.length} (token 200 on the other instance before, 401 there right after)`;

  // 4. An instance that stops answering (SIGSTOP) while it holds notices in memory: a write on the
  //    other waits for it only until its cache lease runs out (3 s at most), and once resumed it
  //    serves the write at once.
  const reader = tokens.get(STUDENTS[1]);
  const headings = async (instance) => {
    const res = await call(instance.url, 'GET', '/api/get-notices', { agent, token: reader });
    check(res.status === 200, `${instance.label}: notices answered ${res.status}`);
    return res.status === 200 ? res.body.map((notice) => notice.heading) : [];
  };
  await headings(b);
  await headings(b);
  b.child.kill('SIGSTOP');
  const heading = `While B was stopped ${randomBytes(3).toString('hex')}`;
  const frozenAt = performance.now();
  const published = await call(a.url, 'POST', '/api/create-notice', {
    agent,
    token: teacherA,
    body: {
      type: 'generalNotice',
      data: { heading, contactEmail: 'office@campus.example.edu', description: 'Posted on A.' },
    },
  });
  const waited = performance.now() - frozenAt;
  b.child.kill('SIGCONT');
  const seen = (await headings(b)).includes(heading);
  check(published.status === 201, `publishing on A while B was stopped answered ${published.status}`);
  check(waited > 500 && waited < 4500, `A answered after ${Math.round(waited)} ms while B was stopped`);
  check(seen, 'B, resumed, did not list the notice A published while it was stopped');
  figures.frozen = `B stopped with notices in memory: A's write answered after ${Math.round(waited)} ms (B's lease ran out), B resumed and ${seen ? 'listed it at once' : 'DID NOT list it'}`;

  for (const server of servers.splice(0)) {
    const exit = await stopServer(server, 'SIGTERM');
    check(exit.code === 0, `${server.label} exited with ${JSON.stringify(exit)} on SIGTERM`);
  }
} catch (err) {
  problems.push(err instanceof Error ? err.message : String(err));
} finally {
  agent.destroy();
  for (const server of servers) await stopServer(server, 'SIGKILL');
  await db?.end().catch(() => undefined);
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch((err) => {
      problems.push(`could not drop ${dbName}: ${err.message}`);
    });
    await admin.end();
  }
  build?.cleanup();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

console.log(`\nscale-out on PostgreSQL, two instances:`);
for (const line of Object.values(figures)) console.log(`  ${line}`);
console.log(`  ${formatSeconds(Date.now() - started)}`);
if (problems.length > 0) {
  console.error(`\nscale-out FAILED:\n- ${problems.slice(0, 30).join('\n- ')}`);
  process.exit(1);
}
