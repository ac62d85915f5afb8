/** The SQLite statement cache Kysely runs on: reads answer objects as better-sqlite3's own would. */
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './index';

let sqlite: SQLite.Database;
beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec(`create table t (a integer, b text);
    insert into t values (1, 'one'), (2, 'two'), (3, null)`);
});
afterEach(() => sqlite.close());

const cached = () => withStatementCache(sqlite);
/** What better-sqlite3 itself answers for the same statement. */
const own = (text: string, parameters: unknown[] = []) => sqlite.prepare(text).all(parameters);

describe('rows read through the statement cache', () => {
  it('are the objects better-sqlite3 gives, keys in the same order, for every statement read', () => {
    const db = cached();
    for (const text of [
      'select a, b from t order by a',
      'select b, a, a + 1 as "a plus one" from t where a > ? order by a desc',
      'select count(*) as n from t',
      'select * from t where a = ?',
    ]) {
      const parameters = text.includes('?') ? [1] : [];
      const rows = db.prepare(text).all(parameters);
      expect(rows).toEqual(own(text, parameters));
      expect(rows.map((row) => Object.keys(row as object))).toEqual(
        own(text, parameters).map((row) => Object.keys(row as object)),
      );
    }
  });

  it('keep the last of two columns of the same name, as better-sqlite3 does', () => {
    const text = 'select a as x, b as x from t where a = 1';
    expect(cached().prepare(text).all([])).toEqual(own(text));
    expect(cached().prepare(text).all([])).toEqual([{ x: 'one' }]);
  });

  it('follow a table that gained a column since the statement was first read', () => {
    const db = cached();
    const text = 'select * from t where a = ?';
    expect(db.prepare(text).all([2])).toEqual([{ a: 2, b: 'two' }]);
    sqlite.exec(`alter table t add column c text default 'new'`);
    expect(db.prepare(text).all([2])).toEqual([{ a: 2, b: 'two', c: 'new' }]);
  });

  it('give a column named __proto__ as a value of the row, not its prototype', () => {
    const text = 'select a as "__proto__", b from t where a = 1';
    const [row] = cached().prepare(text).all([]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual(own(text)[0]);
  });

  it('are the same one at a time (iterate) and leave writes and their answers as they were', () => {
    const db = cached();
    expect([...db.prepare('select a, b from t order by a').iterate([])]).toEqual(
      own('select a, b from t order by a'),
    );
    const written = db.prepare('insert into t (a, b) values (?, ?)').run([4, 'four']);
    expect(written.changes).toBe(1);
    const returned = db.prepare('insert into t (a, b) values (?, ?) returning a, b').all([5, 'five']);
    expect(returned).toEqual([{ a: 5, b: 'five' }]);
  });
});
