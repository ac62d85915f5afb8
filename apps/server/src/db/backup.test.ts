/** Backup while the database is written to, then restore: the snapshot comes back, nothing else. */
import SQLite from 'better-sqlite3';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertNotInUse, backupSqlite, BackupError, restoreSqlite, verifyDatabaseFile } from './backup';
import { openDb, type DbHandle } from './index';
import { migrateToLatest } from './migrate';

let dir: string;
let dbFile: string;
/** Where backups go: outside the data directory, as the backup command requires. */
let backups: string;
const handles: DbHandle[] = [];
const raw: SQLite.Database[] = [];

async function openMigrated(): Promise<DbHandle> {
  const handle = openDb({ sqliteFile: dbFile });
  handles.push(handle);
  await migrateToLatest(handle);
  return handle;
}

function message(name: string, i: number) {
  return {
    id: `${name}-${String(i).padStart(5, '0')}`,
    name,
    email: 'backup@example.edu',
    role: 'student',
    query_type: 'other',
    message: `row ${i} of ${name}`,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
  };
}

async function insertMany(handle: DbHandle, name: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => message(name, i));
  await handle.db.insertInto('support_messages').values(rows).execute();
}

/** Ids in a file, grouped by the name part (before, during, …), read through a connection of its own. */
function idsIn(file: string): Map<string, string[]> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select id, name from support_messages order by id').all() as {
      id: string;
      name: string;
    }[];
    const byName = new Map<string, string[]>();
    for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
    return byName;
  } finally {
    db.close();
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'campus-backup-'));
  dbFile = join(dir, 'campus.db');
  backups = mkdtempSync(join(tmpdir(), 'campus-backups-'));
});

afterEach(async () => {
  for (const db of raw.splice(0)) if (db.open) db.close();
  for (const handle of handles.splice(0)) await handle.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
  rmSync(backups, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('backs up while another connection holds an open write transaction, and restores the snapshot', async () => {
    const live = await openMigrated();
    await insertMany(live, 'before', 300);

    // A second connection (another process, in production) is in the middle of a write transaction.
    const writer = new SQLite(dbFile);
    raw.push(writer);
    writer.exec('BEGIN IMMEDIATE');
    const insert = writer.prepare(
      "insert into support_messages (id, name, email, role, query_type, message, created_at) values (?, 'uncommitted', 'x@example.edu', 'student', 'other', 'not yet', '2025-01-01T00:00:00.000Z')",
    );
    for (let i = 0; i < 50; i++) insert.run(`uncommitted-${i}`);

    const backupFile = join(backups, 'campus-backup.db');
    const result = await backupSqlite(dbFile, backupFile);
    writer.exec('COMMIT');

    expect(result.file).toBe(backupFile);
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.migrations.length).toBeGreaterThan(0);
    expect(verifyDatabaseFile(backupFile).tables).toContain('gate_passes');
    // One self-contained file, no temporary files left behind.
    expect(readdirSync(backups)).toEqual(['campus-backup.db']);
    const inBackup = idsIn(backupFile);
    expect(inBackup.get('before')).toHaveLength(300);
    expect(inBackup.get('uncommitted')).toBeUndefined();

    // Change the live database: remove what the backup holds, add what it does not.
    await live.db.deleteFrom('support_messages').where('name', '=', 'before').execute();
    await insertMany(live, 'after', 20);
    await live.close();
    writer.close();

    const restored = await restoreSqlite(backupFile, dbFile);
    expect(restored.previous).toBeDefined();
    expect(existsSync(`${dbFile}-wal`)).toBe(false);
    expect(existsSync(`${dbFile}-shm`)).toBe(false);

    const back = idsIn(dbFile);
    expect(back.get('before')).toEqual(inBackup.get('before'));
    expect(back.get('after')).toBeUndefined();
    expect(back.get('uncommitted')).toBeUndefined();
    // The replaced database is kept, as it was.
    const kept = idsIn(restored.previous!);
    expect(kept.get('after')).toHaveLength(20);
    expect(kept.get('uncommitted')).toHaveLength(50);
    expect(kept.get('before')).toBeUndefined();

    // The server opens the restored file as usual (WAL again) and it is intact.
    const reopened = await openMigrated();
    const count = await reopened.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(300);
  });

  it('takes a consistent snapshot while writes keep committing', async () => {
    const live = await openMigrated();
    await insertMany(live, 'before', 100);

    let committed = 0;
    let stop = false;
    const writes = (async () => {
      while (!stop) {
        await live.db.insertInto('support_messages').values(message('during', committed)).execute();
        committed++;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    })();
    // Let some writes land first, then back up while they continue.
    while (committed < 20) await new Promise<void>((resolve) => setImmediate(resolve));
    const committedAtStart = committed;
    const backupFile = join(backups, 'during.db');
    await backupSqlite(dbFile, backupFile);
    const committedAtEnd = committed;
    stop = true;
    await writes;

    const during = idsIn(backupFile).get('during') ?? [];
    // Everything committed before the backup began is in it; and what it holds is a prefix of the
    // commit order without holes, i.e. one moment of the database.
    expect(during.length).toBeGreaterThanOrEqual(committedAtStart);
    expect(during.length).toBeLessThanOrEqual(committedAtEnd);
    expect(during).toEqual(Array.from({ length: during.length }, (_, i) => message('during', i).id));
    expect(idsIn(backupFile).get('before')).toHaveLength(100);
  });

  it('refuses to restore over a database that is in use, and leaves it untouched', async () => {
    const live = await openMigrated();
    await insertMany(live, 'live', 5);
    const backupFile = join(backups, 'b.db');
    await backupSqlite(dbFile, backupFile);

    expect(() => assertNotInUse(dbFile)).toThrow(/in use: stop the server/);
    await expect(restoreSqlite(backupFile, dbFile)).rejects.toThrow(BackupError);
    await insertMany(live, 'still-live', 1);
    expect(idsIn(dbFile).get('still-live')).toHaveLength(1);
  });

  it('refuses files that are not a campus database, before touching anything', async () => {
    const live = await openMigrated();
    await insertMany(live, 'live', 3);
    await live.close();
    const before = readdirSync(dir).sort();

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'this is not a database '.repeat(100));
    await expect(restoreSqlite(text, dbFile)).rejects.toThrow(/is not a SQLite database/);

    const other = join(dir, 'other.db');
    const otherDb = new SQLite(other);
    otherDb.exec('create table things (id integer primary key)');
    otherDb.close();
    await expect(restoreSqlite(other, dbFile)).rejects.toThrow(/lacks the tables kysely_migration, accounts/);

    await expect(restoreSqlite(join(dir, 'missing.db'), dbFile)).rejects.toThrow(/does not exist/);
    await expect(backupSqlite(join(dir, 'none.db'), join(backups, 'x.db'))).rejects.toThrow(/no database/);
    await expect(backupSqlite(dbFile, dbFile)).rejects.toThrow(/cannot be the database itself/);

    expect(readdirSync(dir).sort()).toEqual([...before, 'notes.txt', 'other.db'].sort());
    expect(idsIn(dbFile).get('live')).toHaveLength(3);
  });

  it('refuses to write a backup over the live WAL, inside the data directory, or over a file without --force', async () => {
    const live = await openMigrated();
    await insertMany(live, 'live', 7);
    const link = join(backups, 'data-link');
    symlinkSync(dir, link);
    const walBefore = readFileSync(`${dbFile}-wal`);
    for (const dest of [`${dbFile}-wal`, `${dbFile}-shm`, join(link, 'campus.db-wal')]) {
      await expect(backupSqlite(dbFile, dest), dest).rejects.toThrow(
        'The backup file cannot be the database itself or its -wal, -shm or -journal',
      );
    }
    expect(readFileSync(`${dbFile}-wal`).equals(walBefore)).toBe(true);
    for (const dest of [join(dir, 'copy.db'), join(link, 'copy.db')]) {
      await expect(backupSqlite(dbFile, dest), dest).rejects.toThrow(
        /^Write the backup outside the data directory/,
      );
    }
    const existing = join(backups, 'kept.db');
    writeFileSync(existing, 'an older backup');
    await expect(backupSqlite(dbFile, existing)).rejects.toThrow(
      /already exists: pass --force to replace it/,
    );
    expect(readFileSync(existing, 'utf8')).toBe('an older backup');
    await backupSqlite(dbFile, existing, { force: true });
    expect(idsIn(existing).get('live')).toHaveLength(7);
    expect(idsIn(dbFile).get('live')).toHaveLength(7);
  });

  it('refuses to restore a backup whose indexes or triggers are not those its migrations make', async () => {
    const live = await openMigrated();
    await insertMany(live, 'live', 2);
    const missingIndex = join(backups, 'missing-index.db');
    const extraTrigger = join(backups, 'extra-trigger.db');
    await backupSqlite(dbFile, missingIndex);
    await backupSqlite(dbFile, extraTrigger);
    await live.close();
    const edit = (file: string, statement: string) => {
      const db = new SQLite(file);
      db.exec(statement);
      db.close();
    };
    edit(missingIndex, 'drop index audit_log_at_id_idx');
    edit(extraTrigger, 'create trigger wipe after insert on accounts begin delete from sessions; end');
    const before = readdirSync(dir).sort();

    await expect(restoreSqlite(missingIndex, dbFile)).rejects.toThrow(
      /does not have the schema of its migrations \(missing or changed: index audit_log_at_id_idx\)/,
    );
    await expect(restoreSqlite(extraTrigger, dbFile)).rejects.toThrow(
      /does not have the schema of its migrations \(not made by its migrations: trigger wipe\)/,
    );
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(idsIn(dbFile).get('live')).toHaveLength(2);
  });
});
