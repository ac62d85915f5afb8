/** The WAL is checkpointed on a thread of its own, and nothing committed is lost by it. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { openDb } from './index';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'campus-checkpoint-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A WAL-mode file whose own connection never checkpoints, holding `rows` rows of 1 KB. */
function growingWal(file: string, rows: number): SQLite.Database {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table notes (id integer primary key, body text not null)');
  const insert = db.prepare('insert into notes (body) values (?)');
  for (let i = 0; i < rows; i++) insert.run('x'.repeat(1024));
  return db;
}

describe('the background checkpointer', () => {
  it('copies the WAL into the database file while the writer goes on', async () => {
    const file = join(dir, 'campus.db');
    const writer = growingWal(file, 500);
    const before = statSync(file).size;
    const checkpointer = startCheckpointer(file, 10);
    try {
      await vi.waitFor(async () => expect(await checkpointer.count()).toBeGreaterThan(0), {
        timeout: 5_000,
        interval: 20,
      });
      // The pages were copied back: the database file grew by the rows the WAL held.
      expect(statSync(file).size).toBeGreaterThan(before + 500 * 1024);
      // Once everything is copied, the writer's next commit starts the WAL from its beginning.
      writer.prepare('insert into notes (body) values (?)').run('after');
      const [state] = writer.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      expect(state?.log).toBeLessThan(10);
    } finally {
      await checkpointer.stop();
      writer.close();
    }
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from notes').get()).toEqual({ n: 501 });
    reopened.close();
  });

  it('runs for a server on a file, and stops when the server closes the database', async () => {
    const file = join(dir, 'campus.db');
    const handle = openDb({ sqliteFile: file, checkpointInBackground: true });
    await sql`pragma wal_autocheckpoint = 0`.execute(handle.db);
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
    for (let i = 0; i < 200; i++) {
      await sql`insert into notes (body) values (${'y'.repeat(1024)})`.execute(handle.db);
    }
    // Without a checkpoint, the rows would all still be in the WAL and the file would hold two pages.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(200 * 1024), {
      timeout: 5_000,
      interval: 20,
    });
    await handle.close();
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare('select count(*) as n from notes').get()).toEqual({ n: 200 });
    reopened.close();
  });
});
