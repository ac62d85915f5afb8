/** A write counted against its writer's allowance in the write itself, on either database. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { limitsRepository } from './rate-limits';
import { writeTogether, type CountedWrite } from './together';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;

/** A write of one audit entry, counted under a fresh key with `limit`; what happened to it. */
function countedEntry(limit: number, refused: () => Promise<void>) {
  const { db, dialect } = t.handle;
  const key = `write:test:${randomUUID()}`;
  const detail = randomUUID();
  const calls = { refused: 0, landed: 0 };
  const counted: CountedWrite = {
    count: limitsRepository(db, dialect).hitWith(key, HOUR_MS, limit, Date.now()),
    limit,
    refused: () => {
      calls.refused++;
      return refused();
    },
    landed: () => {
      calls.landed++;
    },
  };
  const entry = sql`
    insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail, client)
    values (${randomUUID()}, ${new Date().toISOString()}, 'signout', null, null, null, ${detail}, null)`;
  const write = () => writeTogether(db, dialect, (on) => on, [entry], counted);
  const written = async () =>
    (await db.selectFrom('audit_log').select('id').where('detail', '=', detail).execute()).length;
  const hits = async () =>
    (await db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits;
  return { write, written, hits, calls };
}

describe('a write counted in itself', () => {
  it('lands with its count when within the allowance', async () => {
    const w = countedEntry(1, () => Promise.reject(new Error('not over')));
    await w.write();
    expect(await w.written()).toBe(1);
    expect(Number(await w.hits())).toBe(1);
    expect(w.calls).toEqual({ refused: 0, landed: 1 });
  });

  it('keeps neither the write nor its count when over, and passes on the refusal', async () => {
    const w = countedEntry(0, () => Promise.reject(new Error('refused: 429')));
    await expect(w.write()).rejects.toThrow('refused: 429');
    expect(await w.written()).toBe(0);
    expect(await w.hits()).toBeUndefined();
    expect(w.calls).toEqual({ refused: 1, landed: 0 });
  });

  it('makes the write alone when the count apart finds room after all', async () => {
    const w = countedEntry(0, () => Promise.resolve());
    await w.write();
    expect(await w.written()).toBe(1);
    expect(await w.hits()).toBeUndefined();
    expect(w.calls).toEqual({ refused: 1, landed: 0 });
  });
});
