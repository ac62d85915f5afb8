/** The lease the mail, push and webhook queues share, on the mail queue's table, on either database. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app';
import { iso, leasedQueue } from './leased-queue';

const LEASE_MS = 5 * 60_000;
const BACKOFF_MS = 60_000;
const MAX_ATTEMPTS = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A worker of its own, on a clock of its own. */
function worker(clock: { now: () => number }) {
  return leasedQueue(t.handle.db, {
    table: 'mail_queue',
    leaseMs: LEASE_MS,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: BACKOFF_MS,
    maxErrorLength: 20,
    now: clock.now,
  });
}

/** Queues `count` mails due at `at`; answers their keys. */
async function queued(count: number, at: number): Promise<{ id: string }[]> {
  const rows = Array.from({ length: count }, () => {
    const id = randomUUID();
    return {
      id,
      message_id: `<${id}@test.example>`,
      to_address: 'someone@test.example',
      subject: 'Subject',
      text_body: 'Text',
      unsubscribe_url: null,
      kind: 'test',
      dedupe_key: null,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: iso(at),
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: iso(at),
      sent_at: null,
    };
  });
  await t.handle.db.insertInto('mail_queue').values(rows).execute();
  return rows.map(({ id }) => ({ id }));
}

const rowOf = (id: string) =>
  t.handle.db
    .selectFrom('mail_queue')
    .select(['status', 'attempts', 'lease_owner', 'next_attempt_at', 'last_error', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the leased queue', () => {
  it('gives each due row to one worker only, however many claim at once', async () => {
    const clock = testClock(Date.parse('2026-03-02T09:00:00.000Z'));
    const keys = await queued(12, clock.now());
    const workers = [worker(clock), worker(clock), worker(clock)];
    const at = iso(clock.now());

    const won = await Promise.all(workers.map((w) => w.claimEach(keys, at)));

    const ids = won.flat().map((k) => k.id);
    expect(ids).toHaveLength(keys.length);
    expect(new Set(ids)).toEqual(new Set(keys.map((k) => k.id)));
    for (const [i, w] of workers.entries()) {
      for (const { id } of won[i]!) expect((await rowOf(id)).lease_owner).toBe(w.owner);
    }
  });

  it('leaves a row that is not yet due', async () => {
    const clock = testClock(Date.parse('2026-03-02T09:00:00.000Z'));
    const keys = await queued(1, clock.now() + 1000);

    expect(await worker(clock).claimEach(keys, iso(clock.now()))).toEqual([]);
    expect((await rowOf(keys[0]!.id)).status).toBe('pending');
  });

  it('gives a row whose lease ran out to another worker, and the first can no longer end it', async () => {
    const clock = testClock(Date.parse('2026-03-02T10:00:00.000Z'));
    const keys = await queued(1, clock.now());
    const [first, second] = [worker(clock), worker(clock)];
    expect(await first.claimEach(keys, iso(clock.now()))).toEqual(keys);

    clock.advance(LEASE_MS - 1);
    expect(await second.claimEach(keys, iso(clock.now()))).toEqual([]);
    clock.advance(2);
    expect(await second.claimEach(keys, iso(clock.now()))).toEqual(keys);

    await first.release(keys[0]!, { status: 'sent', sent_at: iso(clock.now()) });
    const row = await rowOf(keys[0]!.id);
    expect(row.status).toBe('sending');
    expect(row.lease_owner).toBe(second.owner);
    expect(row.attempts).toBe(2);
  });

  it('waits twice as long after each failure', async () => {
    const clock = testClock(Date.parse('2026-03-02T11:00:00.000Z'));
    const keys = await queued(1, clock.now());
    const key = keys[0]!;
    const w = worker(clock);

    expect(await w.claimEach(keys, iso(clock.now()))).toEqual(keys);
    expect(await w.fail(key, { attempts: 1, error: 'refused' })).toBe('retry');
    expect((await rowOf(key.id)).next_attempt_at).toBe(iso(clock.now() + BACKOFF_MS));

    clock.advance(BACKOFF_MS - 1);
    expect(await w.claimEach(keys, iso(clock.now()))).toEqual([]);
    clock.advance(1);
    expect(await w.claimEach(keys, iso(clock.now()))).toEqual(keys);
    expect(await w.fail(key, { attempts: 2, error: 'refused' })).toBe('retry');
    const row = await rowOf(key.id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at).toBe(iso(clock.now() + 2 * BACKOFF_MS));
  });

  it('gives up after the last attempt, keeping the start of the last error', async () => {
    const clock = testClock(Date.parse('2026-03-02T12:00:00.000Z'));
    const keys = await queued(1, clock.now());
    const key = keys[0]!;
    const w = worker(clock);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await w.claimEach(keys, iso(clock.now()))).toEqual(keys);
      const outcome = await w.fail(key, {
        attempts: attempt,
        error: `attempt ${attempt} failed: the server said no`,
      });
      expect(outcome).toBe(attempt < MAX_ATTEMPTS ? 'retry' : 'failed');
      clock.advance(BACKOFF_MS * 2 ** (attempt - 1));
    }

    const row = await rowOf(key.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.last_error).toBe('attempt 3 failed: th');
    clock.advance(LEASE_MS * 10);
    expect(await w.claimEach(keys, iso(clock.now()))).toEqual([]);
  });

  it('gives up at once on a failure that trying again cannot help', async () => {
    const clock = testClock(Date.parse('2026-03-02T13:00:00.000Z'));
    const keys = await queued(1, clock.now());
    const w = worker(clock);
    await w.claimEach(keys, iso(clock.now()));

    expect(await w.fail(keys[0]!, { attempts: 1, error: 'refused for good', final: true })).toBe('failed');
    expect((await rowOf(keys[0]!.id)).status).toBe('failed');
  });

  it('ends a claim it still owns: the row is marked and its lease is gone', async () => {
    const clock = testClock(Date.parse('2026-03-02T14:00:00.000Z'));
    const keys = await queued(1, clock.now());
    const w = worker(clock);
    await w.claimEach(keys, iso(clock.now()));

    await w.release(keys[0]!, { status: 'sent', sent_at: iso(clock.now()), last_error: null });
    const row = await rowOf(keys[0]!.id);
    expect(row.status).toBe('sent');
    expect(row.sent_at).toBe(iso(clock.now()));
    expect(row.lease_owner).toBeNull();
  });
});
