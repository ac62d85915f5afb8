/**
 * Cached reads are never stale: not after a write through this server, not after a write by another
 * server on the same SQLite file (each app below has its own connection, as two processes would).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { bearer, createStudent, createTeacher, login } from '../../test/fixtures';
import type { App } from '../types';
import {
  ChangeCounts,
  existingRowsOf,
  LEAF_TABLES,
  readTables,
  rowsOf,
  tableOf,
  writeTarget,
  type ChangeTracker,
  type Stamp,
} from './changes';
import { openDb, type DbHandle } from './index';
import { migrateToLatest } from './migrate';
import { cachedRead, ReadCache, type CachedSource } from './read-cache';

describe('what a statement reads and writes', () => {
  it('names the table of an insert (which only adds rows), an update or an upsert', () => {
    expect(writeTarget('insert into "notices" ("id") values (?)', false)).toEqual(['notices+']);
    expect(writeTarget('insert into "notices" ("id") values (?) on conflict do nothing', false)).toEqual([
      'notices+',
    ]);
    expect(writeTarget('update "gate_passes" set "status" = ? where "id" = ?', false)).toEqual([
      'gate_passes',
    ]);
    expect(
      writeTarget('insert into "attendance" ("roll_no") values (?) on conflict do update set x = 1', false),
    ).toEqual(['attendance']);
  });

  it('counts an insert or update that answers rows (returning) as a write', () => {
    expect(writeTarget('insert into "mentor_notices" ("id") values (?) returning "email"', false)).toEqual([
      'mentor_notices+',
    ]);
    expect(writeTarget('update "queries" set "likes" = "likes" + 1 returning "likes"', false)).toEqual([
      'queries',
    ]);
  });

  it('counts deletes, replaces and anything else as touching every table (cascades, DDL)', () => {
    expect(writeTarget('delete from "faq" where "id" = ?', false)).toBe('all');
    expect(writeTarget('insert or replace into "faq" values (?)', false)).toBe('all');
    expect(writeTarget('create table "x" ("id" text)', false)).toBe('all');
  });

  it('names every table a with statement writes, and counts what it cannot read as touching every table', () => {
    expect(
      writeTarget(
        'with "q" as (insert into "queries" ("id") values ($1) returning "id") insert into "query_tags" ("query_id") values ($2)',
        false,
      ),
    ).toEqual(['queries+', 'query_tags+']);
    expect(
      writeTarget(
        'with "c" as (insert into "rate_limits" ("key") values ($1) on conflict ("key") do update set "hits" = 1 returning "hits") update "students" set "name" = $2',
        false,
      ),
    ).toEqual(['rate_limits', 'students']);
    // A counter's upsert beside an insert leaves the insert one that only adds rows.
    expect(
      writeTarget(
        'with "c" as (insert into "rate_limits" ("key") values ($1) on conflict ("key") do update set "hits" = 1 returning "hits") insert into "queries" ("id") values ($2)',
        false,
      ),
    ).toEqual(['rate_limits', 'queries+']);
    expect(
      writeTarget(
        'with "n" as (insert into "notices" ("id") values ($1)) insert into "notifications" ("id") values ($2)',
        false,
      ),
    ).toEqual(['notices+', 'notifications+']);
    expect(
      writeTarget('with "d" as (delete from "sessions" where "id" = $1) delete from "query_likes"', false),
    ).toEqual(['sessions', 'query_likes']);
    expect(writeTarget('with "d" as (delete from "students" returning "roll_no") select 1', false)).toBe(
      'all',
    );
    expect(writeTarget('with "x" as (select 1) select "campus_write"()', false)).toBe('all');
    expect(writeTarget('with "x" as (select 1) select * from "x"', true)).toBeNull();
  });

  it('counts a delete from a table nothing refers to as touching that table alone (signing in prunes sessions)', () => {
    expect(writeTarget('delete from "sessions" where "account_id" = ?', false)).toEqual(['sessions']);
    expect(writeTarget('delete from "rate_limits" where "key" in (?)', false)).toEqual(['rate_limits']);
    expect(writeTarget('delete from "students" where "roll_no" = ?', false)).toBe('all');
  });

  it('names as leaf tables only tables no foreign key refers to and no trigger watches', async () => {
    const handle = openDb({ sqliteFile: ':memory:' });
    await migrateToLatest(handle);
    const tables = (
      await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(handle.db)
    ).rows.map((r) => r.name);
    const referred = new Set<string>();
    for (const table of tables) {
      const keys = await sql<{
        table: string;
      }>`select "table" from pragma_foreign_key_list(${table})`.execute(handle.db);
      for (const key of keys.rows) referred.add(key.table.toLowerCase());
    }
    const watched = (
      await sql<{ tbl_name: string }>`select tbl_name from sqlite_master where type = 'trigger'`.execute(
        handle.db,
      )
    ).rows.map((r) => r.tbl_name.toLowerCase());
    for (const table of LEAF_TABLES) {
      expect(tables, table).toContain(table);
      expect(referred.has(table), `${table} is referred to`).toBe(false);
      expect(watched, `${table} has a trigger`).not.toContain(table);
    }
    await handle.close();
  });

  it("follows a watched set of students' rows: moved by a write for one of them or for the whole table only", () => {
    const counts = new ChangeCounts();
    const mentees = counts.watch('queries', [230001, 230002]);
    expect(counts.watch('queries', [230001, 230002])).toBe(mentees);
    const before = counts.sum([mentees]);
    counts.table('queries', [230009]);
    counts.table('gate_passes', [230001]);
    expect(counts.sum([mentees])).toBe(before);
    counts.table('queries', [230002]);
    const after = counts.sum([mentees]);
    expect(after).toBeGreaterThan(before);
    counts.table('queries');
    expect(counts.sum([mentees])).toBeGreaterThan(after);
    expect(tableOf(mentees)).toBe('queries');
  });

  it("follows a table's existing rows: moved by every write but one that only adds rows", () => {
    const counts = new ChangeCounts();
    const solved = existingRowsOf('queries');
    const before = { whole: counts.sum(['queries']), existing: counts.sum([solved]) };
    counts.write(['queries+', 'query_tags+'], new Map([['queries', [230001]]]));
    expect(counts.sum(['queries'])).toBeGreaterThan(before.whole);
    expect(counts.sum([solved])).toBe(before.existing);
    // An update, one student's or the whole table's, and what another instance tells of, move it.
    counts.write(['queries'], new Map([['queries', [230001]]]));
    const updated = counts.sum([solved]);
    expect(updated).toBeGreaterThan(before.existing);
    counts.table('queries', ['230002']);
    expect(counts.sum([solved])).toBeGreaterThan(updated);
    const told = counts.sum([solved]);
    counts.all();
    expect(counts.sum([solved])).toBeGreaterThan(told);
    expect(tableOf(solved)).toBe('queries');
    expect(tableOf('queries+')).toBe('queries');
  });

  it('ignores reads and transaction control', () => {
    expect(writeTarget('select * from "notices"', true)).toBeNull();
    expect(writeTarget('begin', false)).toBeNull();
    expect(writeTarget('commit', false)).toBeNull();
    expect(writeTarget('savepoint "sp1"', false)).toBeNull();
  });

  it('lists every table a read names, joins and subqueries included', () => {
    expect(
      readTables(
        'select * from "queries" as "q" inner join "students" as "s" on 1 where exists (select 1 from "query_likes" as "l")',
      ),
    ).toEqual(['queries', 'students', 'query_likes']);
  });
});

describe('the read cache', () => {
  it('keeps an answer under every part of its read, an absent one as empty', () => {
    expect(cachedRead(['students', undefined, 'active', 20, 0, true], ['students']).key).toBe(
      'students::active:20:0:true',
    );
    expect(cachedRead(['session', 's1', 'a1'], ['sessions'])).toEqual({
      key: 'session:s1:a1',
      sources: ['sessions'],
    });
  });

  it('refuses, under test, a read that does not declare a table it reads', async () => {
    const handle = openDb({ sqliteFile: ':memory:' });
    await migrateToLatest(handle);
    const cache = new ReadCache(handle.changes);
    const load = () =>
      handle.db.selectFrom('notices').innerJoin('faq', 'faq.id', 'notices.id').selectAll().execute();
    await expect(cache.get(cachedRead(['k'], ['notices']), load)).rejects.toThrow(
      /reads faq but does not declare it/,
    );
    await handle.close();
  });

  it('answers from memory until a declared table is written', async () => {
    const handle = openDb({ sqliteFile: ':memory:' });
    await migrateToLatest(handle);
    const cache = new ReadCache(handle.changes, { checkHits: false });
    let loads = 0;
    const load = async () => {
      loads++;
      return handle.db.selectFrom('accounts').select('login_id').execute();
    };
    await cache.get(cachedRead(['accounts'], ['accounts']), load);
    await cache.get(cachedRead(['accounts'], ['accounts']), load);
    expect(loads).toBe(1);
    // A write elsewhere leaves it alone; a write to its table does not.
    await handle.db
      .insertInto('support_messages')
      .values({
        id: 's1',
        name: 'A',
        email: 'a@example.edu',
        role: 'student',
        query_type: 'other',
        message: 'hi',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await cache.get(cachedRead(['accounts'], ['accounts']), load)).toEqual([]);
    expect(loads).toBe(1);
    await handle.db
      .insertInto('accounts')
      .values({
        id: 'a1',
        login_id: 7,
        role: 'admin',
        password_hash: 'x',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await cache.get(cachedRead(['accounts'], ['accounts']), load)).toEqual([{ login_id: 7 }]);
    expect(loads).toBe(2);
    // Two hits (the second read and the one after the unrelated write), two loads.
    expect(cache.stats()).toEqual({
      sessions: { hits: 0, misses: 0 },
      answers: { hits: 2, misses: 2 },
      entries: 1,
    });
    await handle.close();
  });

  it('makes one load for readers who miss the same answer at once, and a new one after a write', async () => {
    const handle = openDb({ sqliteFile: ':memory:' });
    await migrateToLatest(handle);
    const cache = new ReadCache(handle.changes, { checkHits: false });
    let loads = 0;
    const load = async () => {
      loads++;
      return handle.db.selectFrom('accounts').select('login_id').execute();
    };
    const together = await Promise.all(
      [1, 2, 3].map(() => cache.get(cachedRead(['accounts'], ['accounts']), load)),
    );
    expect(loads).toBe(1);
    expect(together[1]).toBe(together[0]);
    const first = cache.get(cachedRead(['accounts-again'], ['accounts']), load);
    await handle.db
      .insertInto('accounts')
      .values({
        id: 'a2',
        login_id: 8,
        role: 'admin',
        password_hash: 'x',
        created_at: new Date().toISOString(),
      })
      .execute();
    const afterWrite = cache.get(cachedRead(['accounts-again'], ['accounts']), load);
    await Promise.all([first, afterWrite]);
    expect(loads).toBe(3);
    expect(await afterWrite).toEqual([{ login_id: 8 }]);
    await handle.close();
  });

  it('counts sessions apart from other reads, a sync read from memory included', async () => {
    const handle = openDb({ sqliteFile: ':memory:' });
    await migrateToLatest(handle);
    const cache = new ReadCache(handle.changes, { checkHits: false });
    const load = () => Promise.resolve('principal');
    expect(await cache.read(cachedRead(['session', 's1', 'a1'], ['sessions']), load)).toBe('principal');
    expect(cache.read(cachedRead(['session', 's1', 'a1'], ['sessions']), load)).toBe('principal');
    expect(cache.read(cachedRead(['session', 's1', 'a1'], ['sessions']), load)).toBe('principal');
    expect(cache.stats().sessions).toEqual({ hits: 2, misses: 1 });
    expect(cache.stats().answers).toEqual({ hits: 0, misses: 0 });
    await handle.close();
  });

  it('when full, lets go of the answer read least recently, not of one read since', async () => {
    const handle = openDb({ sqliteFile: ':memory:' });
    await migrateToLatest(handle);
    const cache = new ReadCache(handle.changes, { checkHits: false, maxEntries: 6 });
    const loads: string[] = [];
    const read = (key: string) =>
      cache.get(cachedRead([key], ['notices']), async () => {
        loads.push(key);
        return key;
      });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) await read(key);
    // Read again now: kept, while b (stored after it, not read since) goes when g comes.
    await read('a');
    await read('g');
    await read('a');
    await read('b');
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'b']);
    // Read often, and after every other: c, d and e go before it as h, i and j come.
    for (const key of ['h', 'i', 'j']) {
      await read('a');
      await read(key);
    }
    await read('a');
    expect(loads.filter((key) => key === 'a')).toEqual(['a']);
    expect(cache.stats().entries).toBe(6);
    await handle.close();
  });
});

describe('an answer a write made known', () => {
  /** A tracker over counters the test moves itself, as writes would. */
  function tracked(knownAtOnce = true) {
    const counts = new ChangeCounts();
    let outside = 0;
    const tracker: ChangeTracker = {
      outside: () => outside,
      stamp: (tables, at) => ({ outside: at, local: counts.sum(tables) }),
      watch: (table, rollNos) => counts.watch(table, rollNos),
      writesKnownAtOnce: knownAtOnce,
    };
    const cache = new ReadCache(tracker, { checkHits: false });
    const group: CachedSource[] = ['students', cache.watch('attendance', [1, 2, 3])];
    const marked: CachedSource[] = ['students', ...[1, 2, 3].map((n) => rowsOf('attendance', n))];
    const keep = (moves: number, before: Stamp) =>
      cache.keepWritten(cachedRead(['marks'], group), ['kept'], { sources: marked, before, moves });
    let loads = 0;
    const read = () =>
      cache.get(cachedRead(['marks'], group), async () => {
        loads++;
        return ['loaded'];
      });
    const stamp = () => cache.stampBefore(marked, 0)!;
    return { counts, cache, stamp, keep, read, loads: () => loads, moveOutside: () => outside++ };
  }

  it('keeps it when the rows moved by the write’s own changes only, and answers it from memory', async () => {
    const { counts, cache, read, loads } = tracked();
    const before = cache.stampBefore(['students', rowsOf('attendance', 1), rowsOf('attendance', 2)], 0)!;
    // The write changes two of the students' marks.
    counts.table('attendance', [1, 2]);
    expect(
      await cache.keepWritten(
        cachedRead(['marks'], ['students', cache.watch('attendance', [1, 2, 3])]),
        ['kept'],
        {
          sources: ['students', rowsOf('attendance', 1), rowsOf('attendance', 2)],
          before,
          moves: 2,
        },
      ),
    ).toBe(true);
    expect(await read()).toEqual(['kept']);
    expect(loads()).toBe(0);
    // Kept like any answer: the next write to the rows lets it go.
    counts.table('attendance', [3]);
    expect(await read()).toEqual(['loaded']);
  });

  it('keeps nothing when another write touched the rows, the table, the students or the file meanwhile', async () => {
    const another = tracked();
    const before = another.cache.stampBefore(['students', rowsOf('attendance', 1)], 0)!;
    another.counts.table('attendance', [1]);
    another.counts.table('attendance', [1]);
    expect(
      await another.cache.keepWritten(cachedRead(['marks'], ['students']), ['kept'], {
        sources: ['students', rowsOf('attendance', 1)],
        before,
        moves: 1,
      }),
    ).toBe(false);

    for (const meanwhile of [
      (t: ReturnType<typeof tracked>) => t.counts.table('attendance'),
      (t: ReturnType<typeof tracked>) => t.counts.table('students'),
      (t: ReturnType<typeof tracked>) => t.counts.all(),
      (t: ReturnType<typeof tracked>) => t.moveOutside(),
    ]) {
      const t = tracked();
      const at = t.stamp();
      meanwhile(t);
      expect(await t.keep(0, at)).toBe(false);
      expect(await t.read()).toEqual(['loaded']);
      expect(t.loads()).toBe(1);
    }
  });

  it('changes a kept answer by a write that moved its tables by its own changes only (keepChanged)', async () => {
    const { counts, cache, read, loads } = tracked();
    const group: CachedSource[] = ['students', cache.watch('attendance', [1, 2, 3])];
    const add = (value: string[]) => [...value, 'written'];
    expect(await read()).toEqual(['loaded']);
    // The write changed one student's rows once: the answer kept with the write in it, not read again.
    counts.table('attendance', [2]);
    expect(cache.keepChanged(cachedRead(['marks'], group), 1, add)).toBe(true);
    expect(await read()).toEqual(['loaded', 'written']);
    // Another write meanwhile (a student, or one more change than the write's own): nothing kept.
    counts.table('students');
    counts.table('attendance', [1]);
    expect(cache.keepChanged(cachedRead(['marks'], group), 1, add)).toBe(false);
    expect(await read()).toEqual(['loaded']);
    expect(loads()).toBe(2);
    // Nothing kept for a key never read, nor when the change cannot tell the answer.
    counts.table('attendance', [3]);
    expect(cache.keepChanged(cachedRead(['other'], group), 1, add)).toBe(false);
    expect(cache.keepChanged(cachedRead(['marks'], group), 1, () => undefined)).toBe(false);
    expect(await read()).toEqual(['loaded']);
    expect(loads()).toBe(3);
  });

  it('where writes are heard of late (PostgreSQL), first hears every change committed before', async () => {
    const counts = new ChangeCounts();
    let heard: (() => void) | undefined;
    const forced: boolean[] = [];
    const cache = new ReadCache(
      {
        outside: () => 0,
        stamp: (tables, outside) => ({ outside, local: counts.sum(tables) }),
        watch: (table, rollNos) => counts.watch(table, rollNos),
        settle: (force) => {
          forced.push(force === true);
          heard?.();
          return Promise.resolve();
        },
      },
      { checkHits: false },
    );
    const sources: CachedSource[] = ['students', rowsOf('attendance', 1)];
    const keep = (before: Stamp) =>
      cache.keepWritten(cachedRead(['marks'], sources), ['kept'], { sources, before, moves: 1 });
    // Another instance's change, committed before the write's own but heard only now: nothing kept.
    let before = cache.stampBefore(sources, 0)!;
    counts.table('attendance', [1]);
    heard = () => counts.table('attendance', [1]);
    expect(await keep(before)).toBe(false);
    // Nothing else heard: kept.
    heard = undefined;
    before = cache.stampBefore(sources, 0)!;
    counts.table('attendance', [1]);
    expect(await keep(before)).toBe(true);
    expect(forced).toEqual([true, true]);
  });

  it('keeps nothing where it cannot hear of every write, or with the cache off', () => {
    expect(tracked(false).cache.stampBefore(['students'], 0)).toBeUndefined();
    const off = new ReadCache(
      {
        outside: () => 0,
        stamp: (_, outside) => ({ outside, local: 0 }),
        watch: () => 'attendance@1',
        writesKnownAtOnce: true,
      },
      { enabled: false },
    );
    expect(off.stampBefore(['students'], 0)).toBeUndefined();
  });
});

describe('the read cache under test', () => {
  it('fails a test that is served a stale answer', async () => {
    // A tracker that never sees a change: the only thing that can catch the stale answer is the check.
    const blind = {
      outside: () => 0,
      stamp: () => ({ outside: 0, local: 0 }),
      watch: () => 'queries@1' as const,
    };
    const cache = new ReadCache(blind, { checkHits: true });
    let value = 'first';
    const load = () => Promise.resolve(value);
    expect(await cache.get(cachedRead(['k'], ['notices']), load)).toBe('first');
    expect(await cache.read(cachedRead(['k'], ['notices']), load)).toBe('first');
    value = 'second';
    await expect(cache.get(cachedRead(['k'], ['notices']), load)).rejects.toThrow(/cached read k is stale/);
  });
});

describe('two servers on one SQLite file', () => {
  let dir: string;
  const handles: DbHandle[] = [];
  let first: App;
  let second: App;
  let studentToken: string;
  let teacherToken: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'campus-cache-'));
    const file = join(dir, 'campus.db');
    const open = async () => {
      const handle = openDb({ sqliteFile: file });
      handles.push(handle);
      return handle;
    };
    const a = await open();
    await migrateToLatest(a);
    const b = await open();
    first = await buildApp({ handle: a, jwtSecret: 'a-secret-that-both-servers-share-for-hs256' });
    second = await buildApp({ handle: b, jwtSecret: 'a-secret-that-both-servers-share-for-hs256' });
    const student = await createStudent(a.db);
    const teacher = await createTeacher(a.db);
    studentToken = await login(first, student.loginId);
    teacherToken = await login(first, teacher.loginId);
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    for (const handle of handles) await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const notices = async (app: App) => {
    const res = await app.inject({ url: '/api/get-notices?limit=20', headers: bearer(studentToken) });
    expect(res.statusCode).toBe(200);
    return res.json<{ heading: string }[]>().map((n) => n.heading);
  };
  const publish = async (app: App, heading: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-notice',
      headers: bearer(teacherToken),
      payload: {
        type: 'generalNotice',
        data: { heading, contactEmail: 'office@example.edu', description: 'Details at the office.' },
      },
    });
    expect(res.statusCode).toBe(201);
  };

  it('shows a notice published through the other server at once', async () => {
    expect(await notices(first)).toEqual([]);
    expect(await notices(first)).toEqual([]);
    await publish(second, 'Library closed on Friday');
    expect(await notices(first)).toEqual(['Library closed on Friday']);
  });

  it('shows a notice published through the same server at once', async () => {
    await publish(first, 'Exam timetable out');
    expect(await notices(first)).toEqual(['Exam timetable out', 'Library closed on Friday']);
  });

  it('shows a notice another process wrote to the file at once', async () => {
    await notices(first);
    const teacherId = (
      await handles[0]!.db.selectFrom('teachers').select('account_id').executeTakeFirstOrThrow()
    ).account_id;
    const script = `
      const db = new (require('better-sqlite3'))(process.argv[1]);
      db.pragma('busy_timeout = 5000');
      db.prepare('insert into notices (id, author_id, heading, contact_email, description, created_at) values (?, ?, ?, ?, ?, ?)')
        .run('n-outside', process.argv[2], 'Written elsewhere', 'office@example.edu', 'By another process.', new Date().toISOString());
      db.close();`;
    const result = spawnSync(process.execPath, ['-e', script, join(dir, 'campus.db'), teacherId], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect((await notices(first))[0]).toBe('Written elsewhere');
  });

  it('shows a new mentor notice and a like at once on the server that cached the lists', async () => {
    const mentorNotices = async () => {
      const res = await first.inject({
        url: '/api/get-mentor-notices?limit=20',
        headers: bearer(studentToken),
      });
      return res.json<{ heading: string }[]>().map((n) => n.heading);
    };
    expect(await mentorNotices()).toEqual([]);
    const created = await first.inject({
      method: 'POST',
      url: '/api/create-notice',
      headers: bearer(teacherToken),
      payload: { type: 'mentorNotice', data: { heading: 'Meet at 3', description: 'Room 204.' } },
    });
    expect(created.statusCode).toBe(201);
    expect(await mentorNotices()).toEqual(['Meet at 3']);

    const asked = await first.inject({
      method: 'POST',
      url: '/api/submit-query',
      headers: bearer(studentToken),
      payload: { topic: 'Lab hours', tags: ['lab'], query: 'When does the lab open?' },
    });
    expect(asked.statusCode).toBe(201);
    const likes = async () => {
      const res = await first.inject({
        url: '/api/queries-without-solution?limit=20',
        headers: bearer(teacherToken),
      });
      return res
        .json<{ queries: { topic: string; likes: number }[] }>()
        .queries.map((q) => [q.topic, q.likes]);
    };
    expect(await likes()).toEqual([['Lab hours', 0]]);
    const id = asked.json<{ query: { _id: string } }>().query._id;
    const liked = await first.inject({
      method: 'POST',
      url: `/api/queries/${id}/like`,
      headers: bearer(teacherToken),
    });
    expect(liked.statusCode).toBe(200);
    expect(await likes()).toEqual([['Lab hours', 1]]);
  });

  it('refuses a token signed out on the other server at once', async () => {
    const token = await login(first, (await createStudent(handles[0]!.db)).loginId);
    const me = () => first.inject({ url: '/api/get-notices?limit=20', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const out = await second.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });
});
