/** The Kysely instance: SQLite (better-sqlite3, WAL) by default, PostgreSQL when a URL is given. */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import {
  readTables,
  SqliteChanges,
  untracked,
  writeTarget,
  type ChangeTracker,
  type WriteTarget,
} from './changes';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite file (or ':memory:'); undefined on PostgreSQL. */
  sqliteFile?: string;
  /** Which tables changed since a read: what the read cache is kept honest by. */
  changes: ChangeTracker;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** On PostgreSQL: the schema to work in (tests give each file its own). */
  pgSchema?: string;
  sqliteFile?: string;
}

/**
 * Kysely prepares every query anew, and better-sqlite3 compiles SQL on each prepare(), which cost more
 * than running the small queries of a screen. This keeps the compiled statements of the most recent
 * SQL texts for reuse: safe because Kysely runs one query at a time on its single SQLite connection.
 * Each prepare() is followed at once by the statement's run, so it is also where writes are seen:
 * `watch` hears of each one, with the tables it touches, just before it runs (and of the tables each
 * read names, when it wants them).
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = 500,
  watch?: { recordWrite(target: WriteTarget): void; recordRead?(tables: readonly string[]): void },
): SqliteDatabase {
  const statements = new Map<
    string,
    { statement: SQLite.Statement; target: WriteTarget; reads: readonly string[] }
  >();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let cached = statements.get(text);
      if (cached) {
        // Most recently used last, so the first key is the one to evict.
        statements.delete(text);
      } else {
        const statement = sqlite.prepare(text);
        const reads = statement.reader ? readTables(text) : [];
        cached = { statement, target: writeTarget(text, statement.reader), reads };
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, cached);
      watch?.recordWrite(cached.target);
      if (cached.reads.length > 0) watch?.recordRead?.(cached.reads);
      return cached.statement;
    },
  };
}

export function openDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', changes: untracked, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const changes = new SqliteChanges(() => dataVersion.get() as number);
  const database = withStatementCache(sqlite, 500, changes);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', sqliteFile: file, changes, close: () => db.destroy() };
}
