// Crash durability of the embedded database, against the real server process.
//
// Ten rounds: concurrent writes (gate passes, queries, attendance) against `node main.js` on a
// temporary DATA_DIR, SIGKILL in the middle once some have been acknowledged, then, with the process
// gone, the SQLite file must pass PRAGMA integrity_check and hold every write that was answered 2xx;
// the restarted server must serve them too. One round also runs `campus backup` under the load. A
// last round sends SIGTERM while requests are in flight: all of them must finish 2xx, the process
// must exit 0. Exits 1 on any loss.
//
//   npm run test:durability                     builds the server into a temporary folder
//   SERVER_ENTRY=apps/server/dist/main.js …     tests an existing build instead
//   DURABILITY_ROUNDS=10 DURABILITY_CONCURRENCY=40
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, call, formatSeconds, login, serverEnv, startServer } from './lib/harness.mjs';

const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 10);
const CONCURRENCY = Number(process.env.DURABILITY_CONCURRENCY ?? 40);
const BACKUP_ROUND = Math.ceil(ROUNDS / 2);
const STUDENTS = [230001, 230002, 230003, 230004, 230005, 230006, 230007, 230008];
const TEACHER = 500001;
const started = Date.now();

const dataDir = mkdtempSync(join(tmpdir(), 'campus-durability-'));
const dbFile = join(dataDir, 'campus.db');
// Backups are refused inside DATA_DIR, where they could clobber the live database's files.
const backupDir = mkdtempSync(join(tmpdir(), 'campus-durability-backups-'));
// Eight students send hundreds of queries and gate passes a minute here, far past an account's
// hourly allowance: what is tested is that acknowledged writes survive, not the write limits.
const UNLIMITED = '1000000000';
const env = {
  DATA_DIR: dataDir,
  SEED: 'demo',
  WEB_DIST: join(dataDir, 'no-web'),
  QUERY_LIMIT: UNLIMITED,
  GATEPASS_LIMIT: UNLIMITED,
  WRITE_LIMIT: UNLIMITED,
};
const build = await buildServer('durability');

/** Every write answered 2xx, across all rounds; each must be in the database ever after. */
const acknowledged = [];
const problems = [];
const figures = {
  rounds: 0,
  integrityOk: 0,
  integrityChecks: 0,
  unansweredLanded: 0,
  unanswered: 0,
  apiChecked: 0,
  backup: 'not run',
};
let seq = 0;
let attendanceDay = 0;

function today() {
  return new Date().toISOString().slice(0, 10);
}

/** A write request of one of the three kinds and how to find it again once it is acknowledged. */
function nextWrite(round, tokens) {
  const n = seq++;
  const kind = n % 5 < 2 ? 'gatepass' : n % 5 < 4 ? 'query' : 'attendance';
  const rollNo = STUDENTS[n % STUDENTS.length];
  const marker = `durability r${round} w${n}`;
  if (kind === 'gatepass') {
    return {
      kind,
      marker,
      method: 'POST',
      path: '/api/submit-gatepass',
      token: tokens.students.get(rollNo),
      body: { date: today(), time: '10:30', reason: marker },
      status: 201,
      ack: (body) => ({ kind, id: body.gatepass._id, rollNo, marker }),
    };
  }
  if (kind === 'query') {
    return {
      kind,
      marker,
      method: 'POST',
      path: '/api/submit-query',
      token: tokens.students.get(rollNo),
      body: { topic: marker, tags: ['durability'], query: `Is ${marker} still there after a crash?` },
      status: 201,
      ack: (body) => ({ kind, id: body.query._id, rollNo, marker }),
    };
  }
  // Each attendance write has a day of its own, so that no later write replaces what it marked.
  const date = new Date(Date.UTC(2020, 0, 1) + attendanceDay++ * 86_400_000).toISOString().slice(0, 10);
  const records = STUDENTS.slice(0, 3).map((studentId, i) => ({
    studentId,
    status: (n + i) % 2 === 0 ? 'Present' : 'Absent',
  }));
  return {
    kind,
    marker: date,
    method: 'POST',
    path: '/api/mark-attendance',
    token: tokens.teacher,
    body: { date, attendanceRecords: records },
    status: 200,
    ack: () => ({ kind, date, records }),
  };
}

/** Opens the file read-only after the process is gone: integrity, then every acknowledged write. */
function checkFile(file, acks, unanswered = []) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check').map((r) => r.integrity_check);
    const pass = db.prepare('select roll_no, reason from gate_passes where id = ?');
    const query = db.prepare('select roll_no, topic from queries where id = ?');
    const mark = db.prepare('select status from attendance where roll_no = ? and date = ?');
    let found = 0;
    const missing = [];
    for (const a of acks) {
      let ok;
      if (a.kind === 'gatepass') {
        const row = pass.get(a.id);
        ok = row?.roll_no === a.rollNo && row?.reason === a.marker;
      } else if (a.kind === 'query') {
        const row = query.get(a.id);
        ok = row?.roll_no === a.rollNo && row?.topic === a.marker;
      } else {
        ok = a.records.every((r) => mark.get(r.studentId, a.date)?.status === r.status);
      }
      if (ok) found++;
      else missing.push(a);
    }
    // Requests cut off by the kill have no answer: either outcome is allowed; count what landed.
    const byReason = db.prepare('select 1 from gate_passes where reason = ?');
    const byTopic = db.prepare('select 1 from queries where topic = ?');
    const byDate = db.prepare('select 1 from attendance where date = ? limit 1');
    const landed = unanswered.filter((w) =>
      (w.kind === 'gatepass' ? byReason : w.kind === 'query' ? byTopic : byDate).get(w.marker),
    ).length;
    return { integrity, found, missing, landed };
  } finally {
    db.close();
  }
}

/** Pages through the restarted server's pending gate passes: every acknowledged one is served. */
async function checkApi(server, tokens) {
  const seen = new Set();
  for (let offset = 0; ; offset += 200) {
    const res = await call(server.url, 'GET', `/api/gatepasses/pending?limit=200&offset=${offset}`, {
      token: tokens.teacher,
    });
    if (res.status !== 200) throw new Error(`GET /api/gatepasses/pending answered ${res.status}`);
    for (const p of res.body) seen.add(p._id);
    if (res.body.length < 200) break;
  }
  const passes = acknowledged.filter((a) => a.kind === 'gatepass');
  const served = passes.filter((a) => seen.has(a.id)).length;
  figures.apiChecked = passes.length;
  if (served !== passes.length) {
    problems.push(`the restarted server serves ${served} of ${passes.length} acknowledged gate passes`);
  }
}

function runBackup(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [build.cli, 'backup', file], {
      env: serverEnv({ DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** One crash round: keep CONCURRENCY writes in flight until killAfter are acknowledged, then SIGKILL. */
async function crashRound(round, server, tokens) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const killAfter = 15 + Math.floor(Math.random() * 45);
  let acks = 0;
  let killed = false;
  const unanswered = [];
  let backupRun;

  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };

  const worker = async () => {
    while (!killed) {
      const w = nextWrite(round, tokens);
      try {
        const res = await call(server.url, w.method, w.path, { token: w.token, body: w.body, agent });
        if (res.status === w.status) {
          acknowledged.push(w.ack(res.body));
          acks++;
          if (round === BACKUP_ROUND && !backupRun && acks >= Math.floor(killAfter / 2)) {
            const before = acknowledged.length;
            const file = join(backupDir, 'backup-under-load.db');
            backupRun = runBackup(file).then((r) => ({ ...r, before, file }));
          }
          if (acks >= killAfter) {
            // The backup round lets the backup finish (under continued load) before it pulls the plug.
            if (backupRun) void backupRun.then(kill);
            else kill();
          }
        } else {
          problems.push(`round ${round}: ${w.path} answered ${res.status} ${JSON.stringify(res.body)}`);
          kill();
        }
      } catch (err) {
        if (!killed) {
          problems.push(`round ${round}: ${w.path} failed before the kill: ${err.message}`);
          kill();
        }
        unanswered.push(w);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const exit = await server.exited;
  agent.destroy();
  if (exit.signal !== 'SIGKILL')
    problems.push(`round ${round}: the server ended with ${JSON.stringify(exit)}`);

  const check = checkFile(dbFile, acknowledged, unanswered);
  figures.integrityChecks++;
  if (check.integrity.length === 1 && check.integrity[0] === 'ok') figures.integrityOk++;
  else problems.push(`round ${round}: integrity_check says ${check.integrity.join('; ')}`);
  if (check.missing.length > 0) {
    problems.push(
      `round ${round}: ${check.missing.length} acknowledged writes are missing: ${JSON.stringify(check.missing.slice(0, 5))}`,
    );
  }
  figures.unanswered += unanswered.length;
  figures.unansweredLanded += check.landed;

  if (backupRun) {
    const backup = await backupRun;
    if (backup.code !== 0) {
      problems.push(`campus backup under load failed: ${backup.output}`);
      figures.backup = 'failed';
    } else {
      const inBackup = checkFile(backup.file, acknowledged.slice(0, backup.before));
      const ok = inBackup.integrity[0] === 'ok' && inBackup.missing.length === 0;
      figures.backup = `${ok ? 'ok' : 'FAILED'} (integrity ${inBackup.integrity[0]}, ${inBackup.found}/${backup.before} writes acknowledged before it began are in it)`;
      if (!ok) problems.push(`backup under load: ${figures.backup}`);
    }
  }
  if (problems.length === 0) figures.rounds++;
  console.log(
    `round ${round}: killed after ${acks} acknowledgements with ${unanswered.length} requests cut off; ` +
      `${check.found}/${acknowledged.length} acknowledged writes present, integrity ${check.integrity[0]}`,
  );
}

/**
 * SIGTERM while requests run. Half of the batch are sign-ins (argon2, slow), half writes; each has a
 * connection of its own. Of every other request only the headers and half the body are sent before
 * the signal, so the server is certainly in the middle of them; the rest of the body follows after it.
 */
async function sigtermRound(server, tokens) {
  const batch = [];
  for (let i = 0; i < 20; i++) {
    batch.push({
      kind: 'login',
      method: 'POST',
      path: '/api/login',
      body: { userId: String(230011 + i), password: 'campus123' },
      status: 200,
    });
  }
  for (let i = 0; i < 20; i++) batch.push(nextWrite('T', tokens));
  let signalled;
  const afterSignal = new Promise((resolve) => (signalled = resolve));
  const incomingBefore = server.incoming;
  let answered = 0;
  const results = batch.map((w, i) =>
    call(server.url, w.method, w.path, {
      token: w.token,
      body: w.body,
      agent: false,
      ...(i % 2 === 0 ? { holdBodyUntil: afterSignal } : {}),
    }).then(
      (res) => {
        answered++;
        return { w, res };
      },
      (err) => {
        answered++;
        return { w, err };
      },
    ),
  );
  // Signal once the server has received every request of the batch (its request log says so).
  await server.waitFor(() => server.incoming - incomingBefore >= batch.length, 'the batch to arrive', 20_000);
  const runningAtSignal = batch.length - answered;
  server.child.kill('SIGTERM');
  signalled();
  const settled = await Promise.all(results);
  const exit = await server.exited;
  let ok = 0;
  for (const { w, res, err } of settled) {
    if (res && res.status === w.status) {
      ok++;
      if (w.ack) acknowledged.push(w.ack(res.body));
    } else {
      problems.push(`SIGTERM: ${w.path} ${err ? `failed: ${err.message}` : `answered ${res.status}`}`);
    }
  }
  if (exit.code !== 0) problems.push(`SIGTERM: the server exited with ${JSON.stringify(exit)}`);
  return { ok, total: batch.length, runningAtSignal, exit };
}

let result;
try {
  let server = await startServer(build.main, env, { label: 'server#0', timeoutMs: 60_000 });
  const tokens = { students: new Map(), teacher: await login(server.url, TEACHER) };
  for (const rollNo of STUDENTS) tokens.students.set(rollNo, await login(server.url, rollNo));

  for (let round = 1; round <= ROUNDS && problems.length === 0; round++) {
    await crashRound(round, server, tokens);
    // SEED=demo again: the database is not empty, so nothing is seeded over it.
    server = await startServer(build.main, env, { label: `server#${round}` });
    await checkApi(server, tokens);
  }

  const sigterm = await sigtermRound(server, tokens);
  const final = checkFile(dbFile, acknowledged);
  figures.integrityChecks++;
  if (final.integrity[0] === 'ok') figures.integrityOk++;
  else problems.push(`after SIGTERM: integrity_check says ${final.integrity.join('; ')}`);
  if (final.missing.length > 0)
    problems.push(`after SIGTERM: ${final.missing.length} acknowledged writes missing`);
  const counts = { gatepass: 0, query: 0, attendance: 0 };
  for (const a of acknowledged) counts[a.kind]++;
  result = { sigterm, final, counts };
} catch (err) {
  problems.push(err instanceof Error ? err.message : String(err));
} finally {
  build.cleanup();
}

if (result) {
  const { sigterm, final, counts } = result;
  console.log(
    `\ndurability: ${figures.rounds}/${ROUNDS} SIGKILL rounds survived · ` +
      `${acknowledged.length} writes acknowledged, ${final.found} found, ${final.missing.length} lost ` +
      `(${counts.gatepass} gate passes, ${counts.query} queries, ${counts.attendance} attendance days) · ` +
      `${figures.unanswered} requests cut off by the kills (${figures.unansweredLanded} of them had landed) · ` +
      `integrity_check ok ${figures.integrityOk}/${figures.integrityChecks} · ` +
      `each restarted server served every acknowledged gate pass (${figures.apiChecked} at the last restart) · ` +
      `backup under load: ${figures.backup} · ` +
      `SIGTERM: ${sigterm.ok}/${sigterm.total} requests answered 2xx (${sigterm.runningAtSignal} still running at the signal), ` +
      `exit code ${sigterm.exit.code} · ${formatSeconds(Date.now() - started)}`,
  );
}
if (problems.length > 0) {
  console.error(`\ndurability FAILED:\n- ${problems.join('\n- ')}`);
  console.error(`data kept in ${dataDir} and ${backupDir}`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
rmSync(backupDir, { recursive: true, force: true });
