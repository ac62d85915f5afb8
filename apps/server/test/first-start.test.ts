/** What a start does to a data directory and a database: the demo campus only when asked on a new one. */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { backupSqlite } from '../src/db/backup';
import { newId, nowIso } from '../src/lib/ids';
import { hashPassword } from '../src/lib/passwords';
import { startServer } from '../src/server';
import { freshSchema } from './app';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A new data directory (and on PostgreSQL a new schema): the environment of one campus. */
async function newCampus(): Promise<Record<string, string>> {
  // A directory that does not exist yet, as on a first start.
  const dataDir = join(mkdtempSync(join(tmpdir(), 'campus-start-')), 'data');
  cleanups.push(async () => rmSync(join(dataDir, '..'), { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') };
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const fresh = await freshSchema(url);
    cleanups.push(fresh.drop);
    const options = encodeURIComponent(`-c search_path=${fresh.schema}`);
    env.DATABASE_URL = `${url}${url.includes('?') ? '&' : '?'}options=${options}`;
  }
  return env;
}

/** Starts the server as `npm start` would with this environment, asks it, and stops it. */
async function withServer<T>(
  env: Record<string, string>,
  use: (s: Awaited<ReturnType<typeof startServer>>) => Promise<T>,
) {
  const server = await startServer(loadConfig(env));
  try {
    return await use(server);
  } finally {
    await server.app.close();
    await server.handle.close();
  }
}

const demoAccounts = (server: Awaited<ReturnType<typeof startServer>>) =>
  server.app
    .inject({ url: '/api/demo-accounts' })
    .then((res) => res.json<{ accounts: { userId: number }[] }>().accounts.map((a) => a.userId));

describe('the demo campus', () => {
  it('is created on the first start of a new data directory, and its accounts are listed', async () => {
    const env = await newCampus();
    await withServer(env, async (server) => {
      expect(server.seeded).toBe(true);
      expect(await demoAccounts(server)).toEqual([
        900001, 700001, 800001, 500001, 500002, 230001, 230002, 230003,
      ]);
    });
    // Seeding hashes 69 passwords.
  }, 60_000);

  it('is never listed on a real campus restarted without SEED=none, though its admin is 900001', async () => {
    const env = await newCampus();
    await withServer({ ...env, SEED: 'none' }, async (server) => {
      await server.handle.db
        .insertInto('accounts')
        .values({
          id: newId(),
          login_id: 900001,
          role: 'admin',
          password_hash: await hashPassword('the real registrar password'),
          created_at: nowIso(),
        })
        .execute();
    });
    await withServer(env, async (server) => {
      expect(server.seeded).toBe(false);
      expect(await demoAccounts(server)).toEqual([]);
    });
  });

  it('is not created on a later start of a campus that is still empty', async () => {
    const env = await newCampus();
    await withServer({ ...env, SEED: 'none' }, async () => {});
    await withServer(env, async (server) => {
      expect(server.seeded).toBe(false);
      expect(await demoAccounts(server)).toEqual([]);
      const signIn = await server.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userId: '900001', password: 'campus123' },
      });
      expect(signIn.statusCode).toBe(401);
    });
  });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('files', () => {
  it('are readable by their owner only on a fresh data directory, backups included', async () => {
    const env = await newCampus();
    const dir = env.DATA_DIR!;
    await withServer({ ...env, SEED: 'none' }, async (server) => {
      expect(server.loose).toEqual([]);
      expect(modeOf(dir)).toBe('700');
      expect(modeOf(join(dir, 'jwt-secret'))).toBe('600');
      if (server.handle.dialect === 'sqlite') {
        for (const file of ['campus.db', 'campus.db-wal', 'campus.db-shm']) {
          expect(existsSync(join(dir, file)), file).toBe(true);
          expect(modeOf(join(dir, file)), file).toBe('600');
        }
        const backups = mkdtempSync(join(tmpdir(), 'campus-backups-'));
        cleanups.push(async () => rmSync(backups, { recursive: true, force: true }));
        const { file } = await backupSqlite(join(dir, 'campus.db'), join(backups, 'campus.db'));
        expect(modeOf(file)).toBe('600');
      }
    });
  });

  it('are reported at start when others may read them', async () => {
    const env = await newCampus();
    const dir = env.DATA_DIR!;
    await withServer({ ...env, SEED: 'none' }, async () => {});
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'jwt-secret'), 0o644);
    await withServer({ ...env, SEED: 'none' }, async (server) => {
      expect(server.loose).toEqual([`${dir} (mode 755)`, `${join(dir, 'jwt-secret')} (mode 644)`]);
    });
  });
});
