/** Statements handed over together, and a transaction whose first statements go with its `begin`. */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { together, transactionSentAhead } from './pipelined';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An audit entry carrying `detail`, as a statement ready to run. */
const entry = (detail: string, id = randomUUID()) =>
  sql`insert into audit_log (id, at, kind, actor_login_id, actor_role, target, detail, client)
    values (${id}, ${new Date().toISOString()}, 'signout', null, null, null, ${detail}, null)`.compile(
    t.handle.db,
  );

const entriesWith = async (detail: string) =>
  (await t.handle.db.selectFrom('audit_log').select('id').where('detail', '=', detail).execute()).length;

describe('statements together', () => {
  it('answers each statement, in the order given', async () => {
    const { db } = t.handle;
    const { rows } = await db.executeQuery(
      together([
        CompiledQuery.raw('select 1 as n'),
        CompiledQuery.raw('select 2 as n'),
        CompiledQuery.raw('select 3 as n'),
      ]),
    );
    expect(rows.map((r) => Number((r as QueryResult<{ n: number | string }>).rows[0]!.n))).toEqual([1, 2, 3]);
  });

  it('fails as a whole when one statement fails, naming that failure', async () => {
    const { db } = t.handle;
    const query = together([
      CompiledQuery.raw('select 1 as n'),
      CompiledQuery.raw('select * from no_such_table'),
    ]);
    await expect(db.executeQuery(query)).rejects.toThrow(/no_such_table/);
  });
});

describe('a transaction sent ahead', () => {
  it('keeps what its first statements and the rest wrote, and hands the rest their answers', async () => {
    const detail = randomUUID();
    const seen = await transactionSentAhead(
      t.handle.db,
      [entry(detail), sql`select count(*) as n from audit_log where detail = ${detail}`.compile(t.handle.db)],
      async (trx, answers) => {
        await trx.executeQuery(entry(detail));
        return Number((answers[1]!.rows[0] as { n: number | string }).n);
      },
    );
    // The second statement ran after the first, in the same transaction.
    expect(seen).toBe(1);
    expect(await entriesWith(detail)).toBe(2);
  });

  it('keeps nothing when one of its first statements fails, and the connection serves the next', async () => {
    const detail = randomUUID();
    const id = randomUUID();
    const twice = transactionSentAhead(
      t.handle.db,
      [entry(detail), entry(detail, id), entry(detail, id)],
      () => Promise.resolve('not reached'),
    );
    await expect(twice).rejects.toThrow();
    expect(await entriesWith(detail)).toBe(0);
    // Every connection of the pool is whole again: as many transactions as it has all land.
    const after = randomUUID();
    await Promise.all(
      Array.from({ length: 12 }, () =>
        transactionSentAhead(t.handle.db, [entry(after)], () => Promise.resolve()),
      ),
    );
    expect(await entriesWith(after)).toBe(12);
  });

  it('keeps nothing when the rest fails', async () => {
    const detail = randomUUID();
    const failing = transactionSentAhead(t.handle.db, [entry(detail)], async (trx) => {
      await trx.executeQuery(entry(detail));
      throw new Error('the rest failed');
    });
    await expect(failing).rejects.toThrow('the rest failed');
    expect(await entriesWith(detail)).toBe(0);
  });
});
