import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresCompiler } from '../../test/postgres-compiler';
import { LiteralLimits } from './literal-limits';

const db = postgresCompiler([new LiteralLimits()]);

describe('limits written into PostgreSQL statements', () => {
  it('writes a page size into the statement and leaves the other values as parameters', () => {
    const page = db
      .selectFrom('queries')
      .select('id')
      .where('roll_no', '=', 230001)
      .orderBy('created_at', 'desc')
      .limit(21)
      .offset(40)
      .compile();
    expect(page.sql).toMatch(/ limit 21 offset \$2$/);
    expect(page.parameters).toEqual([230001, 40]);
  });

  it('writes in the limit of a subquery too (a page of ids chosen first)', () => {
    const ids = db.selectFrom('queries').select('id').orderBy('created_at', 'desc').limit(51);
    const page = db.selectFrom('queries').select(['id', 'topic']).where('id', 'in', ids).compile();
    expect(page.sql).toContain(' limit 51)');
    expect(page.parameters).toEqual([]);
  });

  it('leaves a limit that is not a plain whole number as it was', () => {
    const page = db
      .selectFrom('queries')
      .select('id')
      .limit(sql<number>`${5} + 1`)
      .compile();
    expect(page.sql).toMatch(/ limit \$1 \+ 1$/);
    expect(page.parameters).toEqual([5]);
  });

  it('passes writes on untouched', () => {
    const write = db.deleteFrom('sessions').where('account_id', '=', 'a').compile();
    expect(write.sql).toBe('delete from "sessions" where "account_id" = $1');
  });
});
