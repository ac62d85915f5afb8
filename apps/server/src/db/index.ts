/** The Kysely instance: SQLite (better-sqlite3, WAL) by default, PostgreSQL when a URL is given. */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite file (or ':memory:'); undefined on PostgreSQL. */
  sqliteFile?: string;
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
 */
export function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last, so the first key is the one to evict.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
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
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', sqliteFile: file, close: () => db.destroy() };
}
