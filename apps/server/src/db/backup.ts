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
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { sql } from 'kysely';
import { OWNER_ONLY_FILE } from '../lib/file-modes';
import { openDb } from './index';
import { MIGRATION_NAMES, migrateTo } from './migrate';

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

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Tables, indexes, triggers and views with their SQL, whitespace folded; not SQLite's or Kysely's own. */
function describeSchema(rows: SchemaRow[]): string[] {
  return rows
    .filter((r) => !r.name.startsWith('sqlite_') && !r.name.startsWith('kysely_'))
    .map((r) => `${r.type} ${r.name} on ${r.tbl_name}: ${(r.sql ?? '').replace(/\s+/g, ' ').trim()}`)
    .sort();
}

const SCHEMA_QUERY = 'select type, name, tbl_name, sql from sqlite_master';

/**
 * A backup must have exactly the schema its migrations make: the same tables, columns, indexes and
 * triggers, nothing missing and nothing added. The reference is built by running those migrations on
 * an empty database in memory; a backup whose migrations this version does not know is refused.
 */
async function assertSchemaOfMigrations(db: SQLite.Database, migrations: string[], label: string) {
  const known = MIGRATION_NAMES.slice(0, migrations.length);
  if (migrations.length === 0 || migrations.join('\n') !== known.join('\n')) {
    throw new BackupError(
      `${label} was not made by this version of the campus: its migrations are ${migrations.join(', ') || 'none'}`,
    );
  }
  const reference = openDb({ sqliteFile: ':memory:' });
  let expected: string[];
  try {
    await migrateTo(reference, migrations.at(-1)!);
    expected = describeSchema((await sql<SchemaRow>`${sql.raw(SCHEMA_QUERY)}`.execute(reference.db)).rows);
  } finally {
    await reference.close();
  }
  const actual = describeSchema(db.prepare(SCHEMA_QUERY).all() as SchemaRow[]);
  const missing = expected.filter((entry) => !actual.includes(entry));
  const extra = actual.filter((entry) => !expected.includes(entry));
  if (missing.length > 0 || extra.length > 0) {
    const name = (entry: string) => entry.slice(0, entry.indexOf(' on '));
    const parts = [
      missing.length > 0 ? `missing or changed: ${missing.slice(0, 5).map(name).join(', ')}` : '',
      extra.length > 0 ? `not made by its migrations: ${extra.slice(0, 5).map(name).join(', ')}` : '',
    ].filter(Boolean);
    throw new BackupError(`${label} does not have the schema of its migrations (${parts.join('; ')})`);
  }
}

/** A path with every symbolic link resolved, also when its last part does not exist yet. */
function realPath(path: string): string {
  return existsSync(path) ? realpathSync(path) : join(realpathSync(dirname(path)), basename(path));
}

/**
 * A backup written over the database's -wal (or -shm, or -journal) destroys commits that are only
 * there, and one written anywhere inside the data directory may be taken for one of its files. Paths
 * are compared once every link is resolved, so another spelling of the same file is caught too.
 */
function assertSafeDestination(source: string, dest: string, force: boolean): void {
  const database = realpathSync(source);
  const target = realPath(dest);
  if (target === database || SIDECARS.some((suffix) => target === database + suffix)) {
    throw new BackupError('The backup file cannot be the database itself or its -wal, -shm or -journal');
  }
  const dataDir = dirname(database);
  if (target.startsWith(dataDir + sep)) {
    throw new BackupError(`Write the backup outside the data directory ${dataDir}`);
  }
  if (existsSync(target) && !force) {
    throw new BackupError(`${dest} already exists: pass --force to replace it`);
  }
}

/**
 * Copies the live database at sourceFile to destFile, consistently, while other connections (the
 * server) keep reading and writing. An existing destFile is replaced atomically.
 */
export async function backupSqlite(
  sourceFile: string,
  destFile: string,
  options: { force?: boolean } = {},
): Promise<BackupResult> {
  const source = resolve(sourceFile);
  const dest = resolve(destFile);
  if (source === dest) throw new BackupError('The backup file cannot be the database itself');
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}`);
  if (!existsSync(dirname(dest))) throw new BackupError(`The folder ${dirname(dest)} does not exist`);
  assertSafeDestination(source, dest, options.force ?? false);

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
    // A backup holds every password hash and session: owner-only, whatever the umask.
    chmodSync(temp, OWNER_ONLY_FILE);
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
export async function restoreSqlite(backupFile: string, targetFile: string): Promise<RestoreResult> {
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
    chmodSync(temp, OWNER_ONLY_FILE);
    const copy = new SQLite(temp, { fileMustExist: true });
    let check: DatabaseCheck;
    try {
      check = checkDatabase(copy, `The backup ${backup}`);
      await assertSchemaOfMigrations(copy, check.migrations, `The backup ${backup}`);
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
