/**
 * Many rows of one table in few statements, on either database: what the large seed and CSV
 * imports write with (no statement per row).
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db, Dialect } from './index';

export type Value = string | number | null;

export interface BatchOptions {
  /** Flushed before each of this writer's statements, so references are written after their rows. */
  parent?: BatchWriter;
  /** At most this many rows a statement (smaller batches report progress more often). */
  maxRows?: number;
  /**
   * What a row that clashes with an existing one does: `update` sets the other columns from the new
   * row (an upsert on the `key` columns) except those in `keep`, `ignore` keeps the existing row.
   * Without it, a clash fails.
   */
  onConflict?: { key: readonly string[]; action: 'update' | 'ignore'; keep?: readonly string[] };
}

/**
 * Writes rows of one table in big statements, each statement text built once: on SQLite multi-row
 * INSERTs of as many rows as the parameter limit allows (32,766); on PostgreSQL one array parameter
 * per column, spread into rows by `unnest`, 10,000 rows a statement. A writer with a parent (query
 * tags of queries) flushes its parent first, so that references are always written after their rows.
 */
export class BatchWriter {
  private params: Value[] = [];
  private rows = 0;
  private readonly rowsPerStatement: number;
  private readonly texts = new Map<number, string>();
  private readonly conflict: string;

  private constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly columns: readonly string[],
    /** PostgreSQL element types of the columns (int4, text …); undefined on SQLite. */
    private readonly pgTypes: readonly string[] | undefined,
    private readonly progress: (rows: number) => void,
    private readonly options: BatchOptions,
  ) {
    const limit = pgTypes ? 10_000 : Math.floor(32_000 / columns.length);
    this.rowsPerStatement = Math.min(options.maxRows ?? Infinity, limit);
    this.conflict = conflictClause(columns, options.onConflict);
  }

  static async open(
    db: Db,
    dialect: Dialect,
    table: string,
    columns: readonly string[],
    progress: (rows: number) => void,
    options: BatchOptions = {},
  ): Promise<BatchWriter> {
    if (dialect === 'sqlite') return new BatchWriter(db, table, columns, undefined, progress, options);
    const { rows } = await sql<{ column_name: string; udt_name: string }>`
      select column_name, udt_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(db);
    const types = columns.map((c) => {
      const type = rows.find((r) => r.column_name === c)?.udt_name;
      if (!type) throw new Error(`No column ${table}.${c}`);
      return type;
    });
    return new BatchWriter(db, table, columns, types, progress, options);
  }

  private text(rows: number): string {
    const names = this.columns.map((c) => `"${c}"`).join(',');
    if (this.pgTypes) {
      const arrays = this.pgTypes.map((type, i) => `$${i + 1}::${type}[]`).join(',');
      return `insert into "${this.table}" (${names}) select * from unnest(${arrays})${this.conflict}`;
    }
    let text = this.texts.get(rows);
    if (text) return text;
    const tuple = `(${this.columns.map(() => '?').join(',')})`;
    text = `insert into "${this.table}" (${names}) values ${Array.from({ length: rows }, () => tuple).join(',')}${this.conflict}`;
    this.texts.set(rows, text);
    return text;
  }

  async add(...row: Value[]): Promise<void> {
    for (const value of row) this.params.push(value);
    this.rows++;
    if (this.rows >= this.rowsPerStatement) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows === 0) return;
    await this.options.parent?.flush();
    const rows = this.rows;
    let params: unknown[] = this.params;
    this.params = [];
    this.rows = 0;
    if (this.pgTypes) {
      const width = this.columns.length;
      params = this.columns.map((_, c) => {
        const column: Value[] = new Array<Value>(rows);
        for (let r = 0; r < rows; r++) column[r] = (params[r * width + c] as Value) ?? null;
        return column;
      });
    }
    await this.db.executeQuery(CompiledQuery.raw(this.text(rows), params));
    this.progress(rows);
  }
}

function conflictClause(columns: readonly string[], onConflict: BatchOptions['onConflict']): string {
  if (!onConflict) return '';
  const key = onConflict.key.map((c) => `"${c}"`).join(',');
  const rest = columns.filter((c) => !onConflict.key.includes(c) && !onConflict.keep?.includes(c));
  if (onConflict.action === 'ignore' || rest.length === 0) return ` on conflict (${key}) do nothing`;
  return ` on conflict (${key}) do update set ${rest.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
}
