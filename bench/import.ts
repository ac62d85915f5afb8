/**
 * How long a registrar's file of 20,000 students takes to check and to import, through the real
 * HTTP API (the upload read as it arrives, the dry run, then the apply with its progress lines), on
 * SQLite and, when BENCH_DATABASE_URL is set, on PostgreSQL (in a schema of its own, dropped after).
 * The budget is 30 s for each.
 *
 *   npm run bench:import [-- --rows 20000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { addBenchAdmin } from './lib/bench-admin';
import { buildApp, migrateToLatest, openDb, type DbHandle } from './lib/server';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '20000' } } });
const ROWS = Number(values.rows);
const BUDGET_SECONDS = 30;
const ADMIN_ID = 990001;
const PASSWORD = 'bench import password';

/** A registrar's file: ROWS students in groups of 200, every column of SPEC §3 filled. */
function studentsFile(rows: number): string {
  const lines = ['RollNo,name,FatherName,MotherName,Gender,Dob,Category,phoneNo,email,group'];
  for (let i = 0; i < rows; i++) {
    const rollNo = 300001 + i;
    const group = `BENCH-${String(Math.floor(i / 200)).padStart(3, '0')}`;
    lines.push(
      `${rollNo},Student ${rollNo},Father ${rollNo},Mother ${rollNo},${i % 2 ? 'Male' : 'Female'},2005-0${1 + (i % 9)}-1${i % 10},General,98${String(10_000_000 + i)},s${rollNo}@bench.example.edu,${group}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface Result {
  database: string;
  rows: number;
  bytes: number;
  checkSeconds: number;
  applySeconds: number;
  progressLines: number;
  recheckSeconds: number;
}

async function measure(database: string, handle: DbHandle, csv: string): Promise<Result> {
  await migrateToLatest(handle);
  await addBenchAdmin(handle, ADMIN_ID, PASSWORD);
  const app = await buildApp({ handle, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: String(ADMIN_ID), password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/csv' };
    const timed = async (url: string, extra: Record<string, string> = {}) => {
      const started = performance.now();
      const res = await fetch(`${address}${url}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: csv,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
      return { seconds: (performance.now() - started) / 1000, text };
    };

    const check = await timed('/api/import/students/check');
    const report = JSON.parse(check.text) as { counts: { created: number }; errorCount: number };
    if (report.counts.created !== ROWS || report.errorCount !== 0)
      throw new Error(`unexpected report ${check.text}`);

    const apply = await timed('/api/import/students', { accept: 'application/x-ndjson' });
    const lines = apply.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    if (lines.at(-1)?.type !== 'done')
      throw new Error(`the import did not finish: ${apply.text.slice(-300)}`);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from students`.execute(handle.db);
    if (Number(rows[0]!.n) !== ROWS) throw new Error(`${String(rows[0]!.n)} students stored, not ${ROWS}`);

    const recheck = await timed('/api/import/students/check');
    return {
      database,
      rows: ROWS,
      bytes: Buffer.byteLength(csv),
      checkSeconds: check.seconds,
      applySeconds: apply.seconds,
      progressLines: lines.filter((l) => l.type === 'progress').length,
      recheckSeconds: recheck.seconds,
    };
  } finally {
    await app.close();
  }
}

const csv = studentsFile(ROWS);
const results: Result[] = [];
const dir = mkdtempSync(join(tmpdir(), 'campus-bench-import-'));
try {
  const sqlite = openDb({ sqliteFile: join(dir, 'campus.db') });
  try {
    results.push(await measure('sqlite', sqlite, csv));
  } finally {
    await sqlite.close();
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = `bench_import_${Date.now()}`;
    const admin = openDb({ databaseUrl: url });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const pg = openDb({ databaseUrl: url, pgSchema: schema });
    try {
      results.push(await measure('postgres', pg, csv));
    } finally {
      await pg.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

for (const r of results) {
  console.log(
    `${r.database.padEnd(8)} ${r.rows.toLocaleString('en')} students (${(r.bytes / 1024 / 1024).toFixed(1)} MB): ` +
      `dry run ${r.checkSeconds.toFixed(2)} s, import ${r.applySeconds.toFixed(2)} s (${r.progressLines} progress lines), ` +
      `dry run again (all unchanged) ${r.recheckSeconds.toFixed(2)} s`,
  );
}
writeFileSync(
  join(import.meta.dirname, 'results', `import-${new Date().toISOString().slice(0, 10)}.json`),
  JSON.stringify(results, null, 2),
);
const over = results.filter((r) => r.checkSeconds > BUDGET_SECONDS || r.applySeconds > BUDGET_SECONDS);
if (over.length > 0) {
  console.error(`Over the ${BUDGET_SECONDS} s budget: ${over.map((r) => r.database).join(', ')}`);
  process.exitCode = 1;
}
