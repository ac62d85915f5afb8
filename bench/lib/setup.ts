/** What the smaller benches share: a build of the server (and the web app) and a fresh PostgreSQL database. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Builds the server into `runDir/server` (and, unless told not to, the web app once when it is not built). */
export function buildServer(runDir: string, { web = true } = {}): { mainJs: string; webDist: string } {
  const webDist = join(ROOT, 'apps/web/dist');
  if (web && !existsSync(join(webDist, 'index.html'))) {
    log('▶ building the web app');
    const web = spawnSync('npm', ['run', 'build', '-w', '@campus/web'], { cwd: ROOT, stdio: 'inherit' });
    if (web.status !== 0) throw new Error('The web build failed');
  }
  const out = join(runDir, 'server');
  log(`▶ building the server into ${out}`);
  const result = spawnSync(process.execPath, ['build.mjs'], {
    cwd: join(ROOT, 'apps/server'),
    env: { ...process.env, SERVER_OUT_DIR: out },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The server build failed');
  return { mainJs: join(out, 'main.js'), webDist };
}

/** A new, empty database beside the one `serverUrl` names, and how to drop it. */
export async function freshPgDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
