/** A fresh, migrated database and app per test file: SQLite in memory, or its own PostgreSQL schema. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { vi } from 'vitest';
import type { Role } from '@campus/contract';
import { buildApp, type AppOptions } from '../src/app';
import { openDb, type DbHandle } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import type { App } from '../src/types';

export interface TestApp {
  app: App;
  handle: DbHandle;
  close(): Promise<void>;
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const LEAK = new RegExp(`\\$argon2|password_?hash|"password"\\s*:|${TEST_SECRET}`, 'i');

/** A new, empty PostgreSQL schema of its own, and how to drop it. */
export async function freshSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openDb({ databaseUrl: url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  return {
    schema,
    drop: async () => {
      const cleanup = openDb({ databaseUrl: url });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    },
  };
}

/** A settable clock for tests that need time to pass: `now()` for the app, `advance(ms)` to move it. */
export function testClock(start = Date.now()) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

type Extra = Omit<AppOptions, 'handle' | 'jwtSecret'>;

/**
 * Tests make many writes as one account; the write limits are tested with their defaults, passed
 * explicitly (`writeLimits: DEFAULT_WRITE_LIMITS`).
 */
const RAISED_WRITE_LIMITS = {
  queries: 100_000,
  gatePasses: 100_000,
  leave: 100_000,
  gate: 100_000,
  other: 100_000,
  support: 100_000,
};

export async function createTestApp(options: Extra = {}): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  let handle: DbHandle;
  let dropSchema = async () => {};
  if (url) {
    const fresh = await freshSchema(url);
    handle = openDb({ databaseUrl: url, pgSchema: fresh.schema });
    dropSchema = fresh.drop;
  } else {
    handle = openDb({ sqliteFile: ':memory:' });
  }
  try {
    await migrateToLatest(handle);
  } catch (err) {
    await handle.close();
    await dropSchema();
    throw err;
  }
  const app = await buildApp({
    ...options,
    // Refusals are answered at once here: tests count them, they do not flood.
    signInLimits: { refusalDelayMs: 0, ...options.signInLimits },
    writeLimits: { ...RAISED_WRITE_LIMITS, ...options.writeLimits },
    handle,
    jwtSecret: TEST_SECRET,
    webDist: options.webDist ?? '',
  });
  // Every response any server test produces is scanned: no hash, secret or password field leaves.
  app.addHook('onSend', async (request, _reply, payload) => {
    // The API description names its fields ("password" among them) but carries no data.
    if (typeof payload === 'string' && !request.url.startsWith('/api/docs') && LEAK.test(payload)) {
      throw new Error(`${request.method} ${request.url} answered a secret: ${payload.slice(0, 200)}`);
    }
    return payload;
  });
  await app.ready();
  return {
    app,
    handle,
    async close() {
      await app.close();
      await handle.close();
      await dropSchema();
    },
  };
}

/**
 * Two servers on one fresh database, as two processes would be: each has its own connection (on
 * SQLite, to one file; on PostgreSQL, a pool and a listening connection in one schema).
 */
export async function createTestPair(options: Extra = {}): Promise<{
  first: TestApp;
  second: TestApp;
  /** One more server on the same database, started now; closed with the pair. */
  another(): Promise<TestApp>;
  close(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  let open: () => DbHandle;
  let cleanup: () => Promise<void>;
  if (url) {
    const fresh = await freshSchema(url);
    open = () => openDb({ databaseUrl: url, pgSchema: fresh.schema });
    cleanup = fresh.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'campus-pair-'));
    open = () => openDb({ sqliteFile: join(dir, 'campus.db') });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const started: TestApp[] = [];
  const start = async (migrate: boolean): Promise<TestApp> => {
    const handle = open();
    if (migrate) await migrateToLatest(handle);
    const app = await buildApp({
      ...options,
      signInLimits: { refusalDelayMs: 0, ...options.signInLimits },
      writeLimits: { ...RAISED_WRITE_LIMITS, ...options.writeLimits },
      handle,
      jwtSecret: TEST_SECRET,
      webDist: '',
    });
    await app.ready();
    let closing: Promise<void> | undefined;
    const instance = {
      app,
      handle,
      // A test may stop one server of the pair early; the pair's close then leaves it be.
      close: () =>
        (closing ??= (async () => {
          await app.close();
          await handle.close();
        })()),
    };
    started.push(instance);
    return instance;
  };
  try {
    const first = await start(true);
    const second = await start(false);
    // On PostgreSQL a server that joins another serves from memory only after a grace (decision
    // record 0042): the pair is handed over once both do.
    await servingFromMemory(first, second);
    return {
      first,
      second,
      another: () => start(false),
      async close() {
        for (const instance of started) await instance.close();
        await cleanup();
      },
    };
  } catch (err) {
    for (const instance of started) await instance.close();
    await cleanup();
    throw err;
  }
}

export type { Role };

/** Resolves once every one of these servers answers from memory (at once on SQLite). */
export async function servingFromMemory(...instances: TestApp[]): Promise<void> {
  await vi.waitFor(
    () => {
      if (instances.some((instance) => instance.handle.changes.outside() === undefined)) {
        throw new Error('A server does not answer from memory yet');
      }
    },
    { timeout: 10_000, interval: 25 },
  );
}
