/**
 * Backup and restore of the embedded SQLite database.
 *
 * Backup uses SQLite's online backup API from a connection of its own, so it runs while the server
 * serves requests: the whole database is copied in one step inside one read transaction (in WAL mode
 * readers never block the writer), which makes the copy a consistent snapshot that a busy writer
 * cannot keep restarting. The copy is written to a temporary file, switched to a single-file journal
 * mode, checked, and renamed into place.
 *
 * Restore refuses while another connection holds the database (a running server), checks the backup
 * (a SQLite file, integrity_check ok, the campus tables present), checkpoints and keeps the current
 * database beside it, and renames the verified copy into place, removing stale -wal and -shm files.
 *
 * On PostgreSQL neither applies: use pg_dump and pg_restore (see POSTGRES_BACKUP_HELP).
 */
import SQLite from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Tables without which a file is not a campus database. */
export const REQUIRED_TABLES = [
  'kysely_migration',
  'accounts',
  'sessions',
  'students',
  'teachers',
  'admins',
  'gate_passes',
  'queries',
  'attendance',
] as const;

export const POSTGRES_BACKUP_HELP = `The database is PostgreSQL (DATABASE_URL is set): back it up with PostgreSQL's own tools.
  back up:   pg_dump --format=custom --file=campus.dump "$DATABASE_URL"
  restore:   stop the servers, then
             pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" campus.dump
pg_dump takes a consistent snapshot while the servers keep running.`;

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface DatabaseCheck {
  tables: string[];
  migrations: string[];
}

export interface BackupResult extends DatabaseCheck {
  file: string;
  bytes: number;
}

export interface RestoreResult extends DatabaseCheck {
  file: string;
  bytes: number;
  /** Where the database that was replaced now lives; undefined when there was none. */
  previous: string | undefined;
}

const SIDECARS = ['-wal', '-shm', '-journal'] as const;

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function removeWithSidecars(file: string): void {
  for (const suffix of ['', ...SIDECARS]) rmSync(file + suffix, { force: true });
}

function tempBeside(file: string, purpose: string): string {
  return join(
    dirname(file),
    `.${basename(file)}.${purpose}-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
}

/**
 * Checks an open database: integrity_check answers ok and the campus tables exist.
 * Throws BackupError naming what is wrong.
 */
export function checkDatabase(db: SQLite.Database, label: string): DatabaseCheck {
  let integrity: string[];
  try {
    integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new BackupError(`${label} is not a SQLite database`);
    }
    throw err;
  }
  if (integrity.length !== 1 || integrity[0] !== 'ok') {
    throw new BackupError(`${label} fails the integrity check: ${integrity.slice(0, 5).join('; ')}`);
  }
  const tables = (
    db.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  const missing = REQUIRED_TABLES.filter((t) => !tables.includes(t));
  if (missing.length > 0) {
    throw new BackupError(`${label} is not a campus database: it lacks the tables ${missing.join(', ')}`);
  }
  const migrations = (
    db.prepare('select name from kysely_migration order by name').all() as { name: string }[]
  ).map((r) => r.name);
  return { tables, migrations };
}

/** Opens a file and checks it; the connection is closed again. */
export function verifyDatabaseFile(file: string, label = file): DatabaseCheck {
  if (!existsSync(file)) throw new BackupError(`${label} does not exist`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupError(`${label} cannot be opened: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return checkDatabase(db, label);
  } finally {
    db.close();
  }
}

/**
 * Copies the live database at sourceFile to destFile, consistently, while other connections (the
 * server) keep reading and writing. An existing destFile is replaced atomically.
 */
export async function backupSqlite(sourceFile: string, destFile: string): Promise<BackupResult> {
  const source = resolve(sourceFile);
  const dest = resolve(destFile);
  if (source === dest) throw new BackupError('The backup file cannot be the database itself');
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  if (!existsSync(dirname(dest))) throw new BackupError(`The folder ${dirname(dest)} does not exist`);

  const temp = tempBeside(dest, 'backup');
  try {
    const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
    try {
      // better-sqlite3 first initialises the backup (0 pages), then calls this after each step: copying
      // every remaining page in the next step keeps the copy inside one read transaction, so the writer
      // cannot make it restart over and over.
      await db.backup(temp, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    const copy = new SQLite(temp, { fileMustExist: true });
    let check: DatabaseCheck;
    try {
      // One self-contained file: no -wal beside the backup.
      copy.pragma('journal_mode = DELETE');
      check = checkDatabase(copy, 'The backup');
    } finally {
      copy.close();
    }
    fsyncPath(temp);
    renameSync(temp, dest);
    fsyncPath(dirname(dest));
    return { file: dest, bytes: statSync(dest).size, ...check };
  } finally {
    removeWithSidecars(temp);
  }
}

/**
 * Throws when another connection holds the database: a running server keeps a lock on it for as long
 * as it is open. The check is a moment's truth only, so stop the server before restoring.
 */
export function assertNotInUse(file: string): void {
  if (!existsSync(file)) return;
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new BackupError(`The database ${file} is in use: stop the server before restoring`);
    }
    throw err;
  } finally {
    // The last connection to close checkpoints the WAL into the file and removes it.
    db.close();
  }
}

/**
 * Replaces the database at targetFile with the backup at backupFile. The server must be stopped. The
 * replaced database is kept beside it as `<name>.before-restore-<time>`.
 */
export function restoreSqlite(backupFile: string, targetFile: string): RestoreResult {
  const backup = resolve(backupFile);
  const target = resolve(targetFile);
  if (backup === target) throw new BackupError('The backup file is the database itself');
  if (!existsSync(backup)) throw new BackupError(`${backup} does not exist`);
  if (!existsSync(dirname(target))) throw new BackupError(`The folder ${dirname(target)} does not exist`);

  assertNotInUse(target);

  // Work on a copy beside the target, so that the final step is one rename on the same file system.
  const temp = tempBeside(target, 'restore');
  try {
    copyFileSync(backup, temp);
    const copy = new SQLite(temp, { fileMustExist: true });
    let check: DatabaseCheck;
    try {
      check = checkDatabase(copy, `The backup ${backup}`);
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    fsyncPath(temp);

    let previous: string | undefined;
    if (existsSync(target)) {
      assertNotInUse(target); // checkpoints and closes once more, right before the switch
      previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
      // Normally gone after the checkpoint; if a journal is left, it belongs to the previous file.
      for (const suffix of ['-wal', '-journal']) {
        if (existsSync(target + suffix)) renameSync(target + suffix, previous + suffix);
      }
    }
    for (const suffix of SIDECARS) rmSync(target + suffix, { force: true });
    renameSync(temp, target);
    fsyncPath(dirname(target));
    return { file: target, bytes: statSync(target).size, previous, ...check };
  } finally {
    removeWithSidecars(temp);
  }
}
