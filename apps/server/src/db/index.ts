/** The Kysely instance: SQLite (better-sqlite3, WAL) by default, PostgreSQL when a URL is given. */
import { closeSync, openSync, readSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import {
  readTables,
  scopingWrites,
  SqliteChanges,
  writeTarget,
  type ChangeTracker,
  type WriteTarget,
} from './changes';
import { startCheckpointer } from './checkpointer';
import { LiteralLimits } from './literal-limits';
import { LocalLiveEvents, PgLiveEvents, type LiveEvents } from './live-events';
import { PgChanges } from './pg-changes';
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
  /** "This changed" messages for the people it concerns, heard by every instance. */
  live: LiveEvents;
  /** PostgreSQL: the connection pool's figures, for /metrics; undefined on SQLite. */
  pool?: PoolFigures;
  close(): Promise<void>;
}

/** A connection pool as /metrics shows it: connections, and what waiting for one cost. */
export interface PoolFigures {
  readonly total: number;
  readonly idle: number;
  /** Queries waiting for a connection now. */
  readonly waiting: number;
  /** Connections handed out, and the seconds their takers waited in all. */
  readonly acquired: number;
  readonly waitedSeconds: number;
}

/** Counts each connection taken from the pool and how long it was waited for. */
function measuredPool(pool: pg.Pool): PoolFigures {
  const figures = { acquired: 0, waitedSeconds: 0 };
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  const started = () => {
    const at = performance.now();
    return () => {
      figures.acquired++;
      figures.waitedSeconds += (performance.now() - at) / 1000;
    };
  };
  // pool.query takes its connection through connect(callback), Kysely through connect().
  const measured = (callback?: (err: Error | undefined, ...rest: unknown[]) => void) => {
    const done = started();
    if (typeof callback === 'function') {
      return connect((err: Error | undefined, ...rest: unknown[]) => {
        if (!err) done();
        callback(err, ...rest);
      });
    }
    return connect()?.then((client) => {
      done();
      return client;
    });
  };
  pool.connect = measured as typeof pool.connect;
  return {
    get total() {
      return pool.totalCount;
    },
    get idle() {
      return pool.idleCount;
    },
    get waiting() {
      return pool.waitingCount;
    },
    get acquired() {
      return figures.acquired;
    },
    get waitedSeconds() {
      return figures.waitedSeconds;
    },
  };
}

/** PostgreSQL connections an instance opens at most for its requests (`DATABASE_POOL_SIZE`). */
export const DEFAULT_POOL_SIZE = 10;

export interface DbOptions {
  databaseUrl?: string;
  /** On PostgreSQL: connections the pool opens at most (DEFAULT_POOL_SIZE). */
  poolSize?: number;
  /** On PostgreSQL: the schema to work in (tests give each file its own). */
  pgSchema?: string;
  sqliteFile?: string;
  /** On SQLite, a file: checkpoint the WAL on a thread of its own (db/checkpointer.ts; the server). */
  checkpointInBackground?: boolean;
}

/**
 * Kysely prepares every query anew, and better-sqlite3 compiles SQL on each prepare(), which cost more
 * than running the small queries of a screen. This keeps the compiled statements of the most recent
 * SQL texts for reuse: safe because Kysely runs one query at a time on its single SQLite connection.
 * Each prepare() is followed at once by the statement's run, so it is also where writes are seen:
 * `watch` hears of each one, with the tables it touches, just before it runs (and of the tables each
 * read names, when it wants them).
 *
 * A read's rows are taken from better-sqlite3 as arrays and made into objects here (`rowsAsObjects`),
 * one object literal per statement, where better-sqlite3 builds each a property at a time
 * (docs/performance.md, "The database layer: statements, plans and rows").
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = 500,
  watch?: { recordWrite(target: WriteTarget): void; recordRead?(tables: readonly string[]): void },
): SqliteDatabase {
  const statements = new Map<
    string,
    { statement: SqliteStatement; target: WriteTarget; reads: readonly string[] }
  >();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let cached = statements.get(text);
      if (cached) {
        // Most recently used last, so the first key is the one to evict.
        statements.delete(text);
      } else {
        const prepared = sqlite.prepare(text);
        const reads = prepared.reader ? readTables(text) : [];
        const statement = prepared.reader ? rowsAsObjects(prepared) : prepared;
        cached = { statement, target: writeTarget(text, prepared.readonly), reads };
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, cached);
      watch?.recordWrite(cached.target);
      if (cached.reads.length > 0) watch?.recordRead?.(cached.reads);
      return cached.statement;
    },
  };
}
/**
 * A reading statement whose rows come as arrays and are made into objects by a function built for
 * its columns: an object literal, in the columns' order, a later column of the same name winning as
 * it does in better-sqlite3's own objects. The function is built again when the row's width changes
 * (a `select *` after the table gained a column). A column named `__proto__`, which a literal would
 * take as the object's prototype, leaves the statement to make its own objects.
 */
function rowsAsObjects(statement: SQLite.Statement): SqliteStatement {
  const named = (): ((row: unknown[]) => unknown) | undefined => {
    const names = statement.columns().map((column) => column.name);
    if (names.includes('__proto__')) return undefined;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- column names, quoted by JSON.stringify
    return new Function(
      'row',
      `return { ${names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')} };`,
    ) as (row: unknown[]) => unknown;
  };
  let make = named();
  if (make === undefined) return statement;
  let width = statement.columns().length;
  const raw = statement.raw(true);
  const objects = (rows: unknown[][]): unknown[] => {
    if (rows.length > 0 && rows[0]!.length !== width) {
      make = named() ?? make;
      width = rows[0]!.length;
    }
    return rows.map(make!);
  };
  return {
    reader: true,
    all: (parameters) => objects(raw.all(parameters) as unknown[][]),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const row of raw.iterate(parameters) as IterableIterator<unknown[]>) yield objects([row])[0];
    },
  };
}

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * A page filtered by one group, or by a mentor's groups, is planned afresh each time: the generic plan
 * PostgreSQL may keep after five runs walks every row hoping to meet the group's (decision record 0037).
 */
const PLANNED_PER_GROUP = /"(?:group_name|teacher_account_id)" = \$\d/;
/**
 * A group's or a mentor's students as a list of roll numbers (`rollNosOf`, db/mentees.ts), which a
 * list's rows are then looked up by, student by student: any plan starts from those students, and a
 * generic one is the plan made for one group. Such a subquery alone does not make a statement
 * planned per group. Decision record 0049.
 */
const STUDENTS_OF_GROUPS =
  /select "fs"\."roll_no" from "students" as "fs" where "fs"\."group_name" (?:= \$\d+|in \(select "teacher_groups"\."group_name" from "teacher_groups" where "teacher_groups"\."teacher_account_id" = \$\d+\))/g;

/** Whether a statement must be planned for its group every time (see `PLANNED_PER_GROUP`). */
export const plannedPerGroup = (text: string): boolean =>
  PLANNED_PER_GROUP.test(text.replace(STUDENTS_OF_GROUPS, ''));
const PREPARED_TEXTS = 500;

/**
 * PostgreSQL plans every query it is sent unnamed, and planning a screen's query can cost as much as
 * running it (decision record 0007). Each connection of the pool is made to
 * send the most frequent SQL texts (the first 500 distinct ones) as named prepared statements,
 * which PostgreSQL keeps planned for the life of the connection; any other text goes unnamed.
 * Only plain queries are named: DDL and transaction control are sent as they are.
 * Every statement is also shown to `changes`, which counts what this instance wrote.
 */
function preparingStatements(names: Map<string, string>, changes: PgChanges) {
  return (client: pg.PoolClient) => {
    const connection = changes.connected(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || args.length > 2) return query(...args);
      let name = names.get(text);
      if (
        name === undefined &&
        names.size < PREPARED_TEXTS &&
        Array.isArray(values) &&
        PREPARABLE.test(text) &&
        !plannedPerGroup(text)
      ) {
        name = `campus_${names.size}`;
        names.set(text, name);
      }
      const result = (
        name !== undefined && Array.isArray(values) ? query({ name, text, values }) : query(text, values)
      ) as Promise<unknown>;
      changes.observe(text, result, connection);
      return result;
    }) as typeof client.query;
  };
}

/**
 * Where writes by other connections to this file stand: SQLite's `data_version`, which moves when
 * another connection commits. Asking costs a read lock on the shared memory of the WAL (dear beside a
 * cached answer: decision record 0007), so it is asked only when the header of that shared memory (the
 * `-shm` file: a change counter, the last frame, salts and checksums, moved by every commit, ours
 * included) differs from the last time; reading it is one `pread`. The header is read before
 * `data_version` is asked, so a commit landing between the two is noticed on the next call.
 * A database in memory has no other connections.
 */
function outsideWrites(sqlite: SQLite.Database, file: string): { read(): number; close(): void } {
  if (file === ':memory:') return { read: () => 0, close: () => {} };
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const ask = () => dataVersion.get() as number;
  const header = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const seen = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let fd: number | undefined;
  let version = ask();
  return {
    read() {
      try {
        fd ??= openSync(`${file}-shm`, 'r');
        if (readSync(fd, header, 0, header.length, 0) !== header.length) return ask();
      } catch {
        return ask();
      }
      if (header.equals(seen)) return version;
      header.copy(seen);
      version = ask();
      return version;
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** The two copies of the WAL-index header (https://www.sqlite.org/walformat.html). */
const WAL_INDEX_HEADER_BYTES = 96;

export function openDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    // PostgreSQL's default cost of a random page read (4) is that of a spinning disk; a campus's
    // working set sits in memory or on an SSD, where it costs about a sequential one (record 0037).
    const settings = [
      '-c random_page_cost=1.1',
      ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : []),
    ];
    const connection = { connectionString: options.databaseUrl, options: settings.join(' ') };
    // Pipelined, so that statements handed over together travel in one round trip (db/pipelined.ts).
    const pool = new pg.Pool({ ...connection, pipeline: true, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle connection the database ended (a restart, an administrator) is dropped by the pool,
    // which opens another for the next query; unheard, the event would end the process.
    pool.on('error', () => {});
    const changes = new PgChanges(pool, connection);
    const live = new PgLiveEvents(pool, connection, options.pgSchema ?? 'public', changes);
    pool.on('connect', preparingStatements(new Map(), changes));
    pool.on('remove', (client) => changes.disconnected(client));
    const db = new Kysely<Database>({
      dialect: scopingWrites(new PostgresDialect({ pool })),
      plugins: [new LiteralLimits()],
    });
    const close = async () => {
      await live.stop();
      await changes.stop();
      await db.destroy();
    };
    return { db, dialect: 'postgres', changes, live, pool: measuredPool(pool), close };
  }
  const file = options.sqliteFile ?? ':memory:';
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // What `pragma optimize` (at each start, db/open.ts) reads of each index to gather its statistics.
  sqlite.pragma('analysis_limit = 400');
  const outside = outsideWrites(sqlite, file);
  const changes = new SqliteChanges(() => outside.read());
  const database = withStatementCache(sqlite, 500, changes);
  const db = new Kysely<Database>({ dialect: scopingWrites(new SqliteDialect({ database })) });
  const checkpointer =
    options.checkpointInBackground && file !== ':memory:' ? startCheckpointer(file) : undefined;
  const close = async () => {
    await checkpointer?.stop();
    outside.close();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', sqliteFile: file, changes, live: new LocalLiveEvents(), close };
}
