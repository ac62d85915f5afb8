/**
 * Knowing, cheaply and for certain, whether the tables a cached answer was read from have changed
 * since. On SQLite every write of this process goes through one connection, so the statements it
 * runs say which tables they touch; writes by any other process on the same file move SQLite's
 * `data_version` (decision record 0007). On PostgreSQL, instances hear of each other's writes by
 * notification, and a write is answered only once every instance has heard of it (`pg-changes.ts`,
 * decision record 0008).
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery } from 'kysely';
import type {
  DatabaseConnection,
  Dialect,
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from './schema';
import { ADDS, type WriteTarget } from './statement-tables';
import { runTogether } from './pipelined';

/** A point in the history of some tables; equal stamps mean nothing they cover has changed. */
export interface Stamp {
  readonly outside: number;
  readonly local: number;
}

export interface ChangeTracker {
  /**
   * Where writes from outside this process stand now, or undefined when changes cannot be tracked.
   * Taken once when a request starts, it serves every cached read of that request.
   */
  outside(): number | undefined;
  /** The stamp of these tables, given where outside writes stood (a moment ago, or now). */
  stamp(tables: readonly string[], outside: number): Stamp;
  /**
   * Where writes are seen late (PostgreSQL): resolves once every change committed before the call
   * has been heard of (`force`), or once every instance has heard of this one's writes; undefined
   * when there is nothing to wait for.
   */
  settle?(force?: boolean): Promise<void> | undefined;
  /** Where changes are heard of over a connection of their own (PostgreSQL): connects it. */
  start?(log: ChangeLog): Promise<void>;
  /** One name for these students' rows of a table (`ChangeCounts.watch`). */
  watch(table: StudentTable, rollNos: readonly number[]): WatchedRows;
  /**
   * Every write to the database moves a stamp by the time it has committed, whoever made it: true
   * on SQLite (this process's writes go through one connection; another's move `data_version`).
   * On PostgreSQL another instance's write is heard a moment later: there `settle(true)` makes sure
   * of it first (`ReadCache.keepWritten`).
   */
  readonly writesKnownAtOnce?: boolean;
}

/** Where a tracker reports trouble it recovers from (the app's logger). */
export interface ChangeLog {
  warn(details: object, message: string): void;
}

/**
 * What a cached read names when no row a write adds can be in its answer: the rows of the solved
 * board, which a new question never is (questions are asked unsolved). Every write of the table but
 * one that only adds rows changes it; so do the writes other instances and processes tell of.
 */
export const existingRowsOf = <T extends string>(table: T): `${T}!` => `${table}!`;

export { ADDS, LEAF_TABLES, WITH, readTables, writeTarget, type WriteTarget } from './statement-tables';

/**
 * Under test, the tables each cached read really reads are collected here and compared with the
 * tables it declared, so a read cannot be cached without naming every table that makes it stale.
 */
export const readsOfCachedLoad = new AsyncLocalStorage<Set<string>>();

/**
 * Tables whose rows each belong to one student (`roll_no`; a question's tags belong to its asker). A
 * write to one of them may say whose rows it changes (`writingRowsOf`), and a cached read of one
 * student's rows may name just those (`rowsOf`): marking a group's attendance then leaves every other
 * student's history in memory, and a new question leaves every other student's own list, and every
 * other mentor's work list, in memory. On PostgreSQL their triggers name the students too
 * (migrations 0022 and 0024).
 */
export const STUDENT_TABLES = [
  'attendance',
  'course_totals',
  'gate_passes',
  'lecture_marks',
  'performance',
  'queries',
  'query_tags',
] as const;
export type StudentTable = (typeof STUDENT_TABLES)[number];

/** What a cached read names for one student's rows of a table: `attendance#230001`. */
export type StudentRows = `${StudentTable}#${number}`;
export const rowsOf = (table: StudentTable, rollNo: number): StudentRows => `${table}#${rollNo}`;

/**
 * Tables whose rows each belong to one account (`account_id`), followed per account as the student
 * tables are per student: a notification for a teacher leaves every student's bell in memory. On
 * PostgreSQL their triggers name the accounts (migration 0026).
 */
export const ACCOUNT_TABLES = ['notifications'] as const;
export type AccountTable = (typeof ACCOUNT_TABLES)[number];
export type AccountRows = `${AccountTable}#${string}`;
export const accountRowsOf = (table: AccountTable, accountId: string): AccountRows => `${table}#${accountId}`;

/** A table whose rows each belong to one student or one account. */
export type ScopedTable = StudentTable | AccountTable;

/**
 * What a cached read names for many students' rows of a table, followed together: `queries@3` (see
 * `ChangeCounts.watch`). A mentor's work list follows its few hundred mentees with one counter.
 */
export type WatchedRows = `${StudentTable}@${number}`;

const SCOPED: ReadonlySet<string> = new Set([...STUDENT_TABLES, ...ACCOUNT_TABLES]);
/** Whose rows: roll numbers (student tables) or account ids (account tables). */
type Owners = readonly (number | string)[];
/** Whose rows each query writes, per table, by the query's id (`writingRowsOf`). */
const scopesOfQuery = new WeakMap<QueryId, ReadonlyMap<string, Owners>>();
/** The scopes of the statement being handed to the database at this moment, if it has any. */
let handingOver: ReadonlyMap<string, Owners> | undefined;

/** Notes, as each query is compiled, whose rows of a table it writes. */
class WriteScope implements KyselyPlugin {
  constructor(
    private readonly table: ScopedTable,
    private readonly owners: Owners,
  ) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const outer = scopesOfQuery.get(queryId);
    const scopes = new Map(outer);
    scopes.set(this.table, [...(outer?.get(this.table) ?? []), ...this.owners]);
    scopesOfQuery.set(queryId, scopes);
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/**
 * `db` (or a transaction) whose statements on `table` change only these students' rows. A statement
 * on that table run by any other handle counts as changing every student's rows.
 *
 * The scope travels with the query itself, from its compiling to the moment the driver hands it to
 * the database, where the change tracking reads it (`scopingWrites`). An AsyncLocalStorage would carry
 * it too, but on Node 20 one that has ever run adds a hook to every promise the process makes.
 */
export function writingRowsOf<D extends Kysely<Database>>(
  db: D,
  table: StudentTable,
  rollNos: readonly number[],
): D;
export function writingRowsOf<D extends Kysely<Database>>(
  db: D,
  table: AccountTable,
  accountIds: readonly string[],
): D;
export function writingRowsOf<D extends Kysely<Database>>(db: D, table: ScopedTable, owners: Owners): D {
  // A transaction's withPlugin answers a transaction on the same connection.
  return db.withPlugin(new WriteScope(table, owners)) as D;
}

/**
 * Whose rows of each scoped table a write changes, declared once per write in its feature's
 * cache-keys.ts (decision record 0080): `{ gate_passes: [230001], notifications: [accountId] }`.
 */
export type WrittenRows = { readonly [T in StudentTable]?: readonly number[] } & {
  readonly [T in AccountTable]?: readonly string[];
};

/** `db` (or a transaction) whose statements change only these rows of their tables (`writingRowsOf`). */
export function writingRows<D extends Kysely<Database>>(db: D, rows: WrittenRows): D {
  let scoped = db;
  for (const [table, owners] of Object.entries(rows) as [ScopedTable, Owners | undefined][]) {
    if (owners) scoped = scoped.withPlugin(new WriteScope(table, owners)) as D;
  }
  return scoped;
}

/**
 * A statement written as SQL text whose writes change only these rows of their tables: what
 * `writingRows` says of a built query, said of a statement run as it is (`CompiledQuery.raw`).
 */
export function scopedText(text: string, parameters: readonly unknown[], rows: WrittenRows): CompiledQuery {
  const query = CompiledQuery.raw(text, [...parameters]);
  const scopes = new Map<string, Owners>();
  for (const [table, owners] of Object.entries(rows) as [ScopedTable, Owners | undefined][]) {
    if (owners) scopes.set(table, owners);
  }
  scopesOfQuery.set(query.queryId, scopes);
  return query;
}

/**
 * The dialect whose connections make each statement's scopes (`writingRowsOf`) current while the
 * statement is handed over: both drivers prepare (SQLite) or send (PostgreSQL) it synchronously, and
 * the change tracking sees it there.
 */
export function scopingWrites(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      const scoping = new WeakMap<DatabaseConnection, DatabaseConnection>();
      driver.acquireConnection = async () => {
        const connection = await acquire();
        let scoped = scoping.get(connection);
        if (!scoped) {
          scoped = scopingConnection(connection);
          scoping.set(connection, scoped);
        }
        return scoped;
      };
      return driver;
    },
  };
}

function scopingConnection(connection: DatabaseConnection): DatabaseConnection {
  const executeQuery = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const parts = runTogether<R>(query, executeQuery);
    if (parts) return parts;
    const before = handingOver;
    handingOver = scopesOfQuery.get(query.queryId);
    try {
      return connection.executeQuery<R>(query);
    } finally {
      handingOver = before;
    }
  };
  // The driver's own methods (releasing a PostgreSQL client) run on the connection itself.
  return new Proxy(connection, {
    get(target, key) {
      if (key === 'executeQuery') return executeQuery;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The students the statement being run now says it writes for, per table (see `writingRowsOf`). */
export const currentWriteScopes = (): ReadonlyMap<string, Owners> | undefined => handingOver;

/**
 * How many times each table (and each student's rows of the student tables) has changed. Counters
 * only grow, so an unchanged sum means every counter in it is unchanged.
 */
export class ChangeCounts {
  private readonly counts = new Map<string, number>();
  private everything = 0;
  /** Per student table, per student: the watched sets of rows the student is in. */
  private readonly watchers = new Map<string, Map<string, WatchedRows[]>>();
  /** Each watched set by its table and students, so that readers of the same students share it. */
  private readonly watched = new Map<string, WatchedRows>();

  private add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Everything may have changed (DDL, a lost connection). */
  all(): void {
    this.everything++;
  }

  /**
   * A name that follows these students' rows of a table with a counter of its own, moved by every
   * write that names one of them (and by every write of the whole table, as `table#…` names are).
   * Sets are kept for the life of the process; readers of the same students share one.
   */
  watch(table: StudentTable, rollNos: readonly number[]): WatchedRows {
    const key = `${table}:${rollNos.join()}`;
    let name = this.watched.get(key);
    if (name !== undefined) return name;
    name = `${table}@${this.watched.size + 1}`;
    this.watched.set(key, name);
    let students = this.watchers.get(table);
    if (!students) {
      students = new Map();
      this.watchers.set(table, students);
    }
    for (const rollNo of new Set(rollNos.map(String))) {
      const sets = students.get(rollNo);
      if (sets) sets.push(name);
      else students.set(rollNo, [name]);
    }
    return name;
  }

  /**
   * A table changed: with `rollNos`, only those students' (or accounts') rows of it; with `adds`, by
   * rows added only, which leaves the reads of its existing rows (`table!`) as they were.
   */
  table(table: string, rollNos?: Owners, adds = false): void {
    if (!adds) this.add(existingRowsOf(table));
    if (rollNos === undefined || !SCOPED.has(table)) {
      this.add(table);
      return;
    }
    // A read of the whole table follows every student's rows of it (`table#`).
    this.add(`${table}#`);
    const students = this.watchers.get(table);
    for (const rollNo of rollNos) {
      this.add(`${table}#${rollNo}`);
      for (const name of students?.get(String(rollNo)) ?? []) this.add(name);
    }
  }

  /** A write seen as it runs: its tables, each scoped to the students it says it writes for. */
  write(target: WriteTarget, scopes = currentWriteScopes()): void {
    if (target === null) return;
    if (target === 'all') this.all();
    else {
      for (const named of target) {
        const adds = named.endsWith(ADDS);
        const table = adds ? named.slice(0, -ADDS.length) : named;
        this.table(table, scopes?.get(table), adds);
      }
    }
  }

  /**
   * A number that moves whenever any of these changes. A read may name hundreds of students' rows of
   * one table (a mentor's work list): the table's own counter is added once for a run of them.
   */
  sum(tables: readonly string[]): number {
    let sum = this.everything;
    let table = '';
    for (const name of tables) {
      const hash = scopeAt(name);
      if (hash === -1) {
        sum += (this.counts.get(name) ?? 0) + (this.counts.get(`${name}#`) ?? 0);
        continue;
      }
      if (hash !== table.length || !name.startsWith(table)) {
        table = name.slice(0, hash);
        sum += this.counts.get(table) ?? 0;
      }
      sum += this.counts.get(name) ?? 0;
    }
    return sum;
  }
}

/** Where the table ends in a name of some students' rows (`attendance#230001`, `queries@3`), or -1. */
function scopeAt(name: string): number {
  const hash = name.indexOf('#');
  return hash === -1 ? name.indexOf('@') : hash;
}

/**
 * The table a cached read's name (or a write's) stands for: `attendance#230001` is read from
 * `attendance`, and so are `queries!` and `queries+`.
 */
export const tableOf = (name: string): string => {
  const hash = scopeAt(name);
  if (hash !== -1) return name.slice(0, hash);
  return name.endsWith('!') || name.endsWith(ADDS) ? name.slice(0, -1) : name;
};

/** Change tracking over one SQLite connection; `recordWrite` is called before each write runs. */
export class SqliteChanges implements ChangeTracker {
  private readonly counts = new ChangeCounts();
  readonly writesKnownAtOnce = true;

  constructor(private readonly dataVersion: () => number) {}

  recordWrite(target: WriteTarget): void {
    this.counts.write(target);
  }

  watch(table: StudentTable, rollNos: readonly number[]): WatchedRows {
    return this.counts.watch(table, rollNos);
  }

  recordRead(tables: readonly string[]): void {
    const seen = readsOfCachedLoad.getStore();
    if (seen) for (const table of tables) seen.add(table);
  }

  outside(): number {
    return this.dataVersion();
  }

  stamp(tables: readonly string[], outside: number): Stamp {
    return { outside, local: this.counts.sum(tables) };
  }
}
