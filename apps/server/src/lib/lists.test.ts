/** Which list answers the read cache may keep, and when a page is counted. */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { KeptPages, keepsInMemory, listPage, withNewest, withPageTotal } from './lists';

describe('keepsInMemory', () => {
  it('keeps pages, and whole lists only when no free text or offset makes one of many copies', () => {
    expect(keepsInMemory({ limit: 50, offset: 0 })).toBe(true);
    expect(keepsInMemory({ limit: 50, offset: 100, search: 'sharma' })).toBe(true);
    expect(keepsInMemory({ offset: 0 })).toBe(true);
    expect(keepsInMemory({ offset: 0, search: '' })).toBe(true);
    expect(keepsInMemory({ offset: 0, search: 'sharma' })).toBe(false);
    expect(keepsInMemory({ offset: 1 })).toBe(false);
  });
});

describe('listPage', () => {
  const statements: string[] = [];
  const db = new Kysely<{ marks: { roll_no: number } }>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
    log: (event) => void statements.push(event.query.sql),
  });
  afterAll(() => db.destroy());

  const page = async (rows: number, limit: number | undefined, offset = 0, inPage = false) => {
    await db.schema.dropTable('marks').ifExists().execute();
    await db.schema.createTable('marks').addColumn('roll_no', 'integer').execute();
    if (rows > 0) {
      await db
        .insertInto('marks')
        .values(Array.from({ length: rows }, (_, i) => ({ roll_no: 230001 + i })))
        .execute();
    }
    statements.length = 0;
    const query = db.selectFrom('marks').select('roll_no').orderBy('roll_no');
    const listed = inPage
      ? await listPage(withPageTotal(query), { limit, offset }, undefined, 'in-page')
      : await listPage(query, { limit, offset });
    expect(listed.items.map((row) => row.roll_no)).toEqual(
      Array.from(
        { length: Math.max(0, Math.min(rows - offset, limit ?? rows)) },
        (_, i) => 230001 + offset + i,
      ),
    );
    return { shown: listed.items.length, total: listed.total, statements: statements.length };
  };

  it('answers the total from the page alone when the list ends within it, or exactly at its end', async () => {
    expect(await page(200, 200)).toEqual({ shown: 200, total: 200, statements: 1 });
    expect(await page(150, 200)).toEqual({ shown: 150, total: 150, statements: 1 });
    expect(await page(0, 20)).toEqual({ shown: 0, total: 0, statements: 1 });
    expect(await page(45, 20, 40)).toEqual({ shown: 5, total: 45, statements: 1 });
    expect(await page(60, 20, 40)).toEqual({ shown: 20, total: 60, statements: 1 });
    expect(await page(30, undefined)).toEqual({ shown: 30, total: 30, statements: 1 });
  });

  it('counts when rows go on past the page, or the page starts past the end', async () => {
    expect(await page(201, 200)).toEqual({ shown: 200, total: 201, statements: 2 });
    expect(await page(61, 20, 20)).toEqual({ shown: 20, total: 61, statements: 2 });
    expect(await page(30, 20, 40)).toEqual({ shown: 0, total: 30, statements: 2 });
  });

  it('counts in the page itself when its rows carry the total, and apart only for a page past the end', async () => {
    expect(await page(201, 200, 0, true)).toEqual({ shown: 200, total: 201, statements: 1 });
    expect(await page(61, 20, 20, true)).toEqual({ shown: 20, total: 61, statements: 1 });
    expect(await page(45, 20, 40, true)).toEqual({ shown: 5, total: 45, statements: 1 });
    expect(await page(0, 20, 0, true)).toEqual({ shown: 0, total: 0, statements: 1 });
    expect(await page(30, 20, 40, true)).toEqual({ shown: 0, total: 30, statements: 2 });
  });
});

describe('withNewest', () => {
  const later = (a: number, b: number) => a > b;

  it('puts an item in its place on a newest-first page and keeps the page to its size', () => {
    expect(withNewest([9, 7, 5], 8, later, 3)).toEqual([9, 8, 7]);
    expect(withNewest([9, 7, 5], 10, later, 3)).toEqual([10, 9, 7]);
    expect(withNewest([9, 7], 3, later, 3)).toEqual([9, 7, 3]);
    expect(withNewest([9, 7, 5], 3, later, 'all')).toEqual([9, 7, 5, 3]);
    expect(withNewest([], 3, later, 20)).toEqual([3]);
  });

  it('cannot tell where an item older than a whole full page goes', () => {
    expect(withNewest([9, 7, 5], 3, later, 3)).toBeUndefined();
  });
});

describe('KeptPages', () => {
  const keys = (pages: KeptPages<number, string>, owner: number) => [...pages.of(owner)].map((p) => p.key);

  it("replaces a slot's older key with its newer one, such as the next day's page", () => {
    const pages = new KeptPages<number, string>(2);
    pages.note(230001, 'pending:20', 'day-1:pending:20', 'pending');
    pages.note(230001, 'pending:20', 'day-2:pending:20', 'pending');
    expect(keys(pages, 230001)).toEqual(['day-2:pending:20']);
    expect(keys(pages, 230002)).toEqual([]);
  });

  it('forgets the slot noted longest ago past its size, so new pages are always kept up to date', () => {
    const pages = new KeptPages<number, string>(2);
    for (let day = 1; day <= 10; day++) pages.note(230001, `day-${day}`, `key-${day}`, 'pending');
    expect(keys(pages, 230001)).toEqual(['key-9', 'key-10']);
  });
});
