/**
 * The SQL of imports: what is stored for the ids a file names, read a thousand ids a statement, and
 * the rows an import writes, in batches of thousands (db/bulk-insert.ts), never a statement per row.
 */
import type { Role } from '@campus/contract';
import type { Selectable } from 'kysely';
import { BatchWriter, type BatchOptions, type Value } from '../../db/bulk-insert';
import type { Db, Dialect } from '../../db/index';
import type { PerformanceTable, StudentsTable, TeachersTable, GuardsTable } from '../../db/schema';
import { inChunks } from '../../lib/chunks';

export interface StoredAccount {
  id: string;
  role: Role;
}

/** Rows a statement writes: small enough that an import of thousands reports progress often. */
const BATCH_ROWS = 2000;

export function importRepository(db: Db, dialect: Dialect) {
  return {
    /** The import's transaction (or connection), for a feature that checks a file by its own rules. */
    db,

    /** The account of each User ID that has one. */
    async accounts(loginIds: readonly number[]): Promise<Map<number, StoredAccount>> {
      const found = new Map<number, StoredAccount>();
      await inChunks(loginIds, async (ids) => {
        const rows = await db
          .selectFrom('accounts')
          .select(['id', 'login_id', 'role'])
          .where('login_id', 'in', ids)
          .execute();
        for (const row of rows) found.set(row.login_id, { id: row.id, role: row.role });
      });
      return found;
    },

    async students(rollNos: readonly number[]): Promise<Map<number, Selectable<StudentsTable>>> {
      const found = new Map<number, Selectable<StudentsTable>>();
      await inChunks(rollNos, async (ids) => {
        const rows = await db.selectFrom('students').selectAll().where('roll_no', 'in', ids).execute();
        for (const row of rows) found.set(row.roll_no, row);
      });
      return found;
    },

    async teachers(teacherIds: readonly number[]): Promise<Map<number, Selectable<TeachersTable>>> {
      const found = new Map<number, Selectable<TeachersTable>>();
      await inChunks(teacherIds, async (ids) => {
        const rows = await db.selectFrom('teachers').selectAll().where('teacher_id', 'in', ids).execute();
        for (const row of rows) found.set(row.teacher_id, row);
      });
      return found;
    },

    async guards(guardIds: readonly number[]): Promise<Map<number, Selectable<GuardsTable>>> {
      const found = new Map<number, Selectable<GuardsTable>>();
      await inChunks(guardIds, async (ids) => {
        const rows = await db.selectFrom('guards').selectAll().where('guard_id', 'in', ids).execute();
        for (const row of rows) found.set(row.guard_id, row);
      });
      return found;
    },

    /** Which of these groups exist. */
    async existingGroups(names: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      await inChunks(names, async (chunk) => {
        const rows = await db.selectFrom('groups').select('name').where('name', 'in', chunk).execute();
        for (const row of rows) found.add(row.name);
      });
      return found;
    },

    /** The groups each of these teacher accounts mentors, as `account|group` keys. */
    async mentorships(accountIds: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      await inChunks(accountIds, async (ids) => {
        const rows = await db
          .selectFrom('teacher_groups')
          .select(['teacher_account_id', 'group_name'])
          .where('teacher_account_id', 'in', ids)
          .execute();
        for (const row of rows) found.add(`${row.teacher_account_id}|${row.group_name}`);
      });
      return found;
    },

    async performance(rollNos: readonly number[]): Promise<Map<number, Selectable<PerformanceTable>>> {
      const found = new Map<number, Selectable<PerformanceTable>>();
      await inChunks(rollNos, async (ids) => {
        const rows = await db.selectFrom('performance').selectAll().where('roll_no', 'in', ids).execute();
        for (const row of rows) found.set(row.roll_no, row);
      });
      return found;
    },

    /** The stored status of these students' days from `from` to `to`, as `rollNo|date` keys. */
    async attendance(rollNos: readonly number[], from: string, to: string): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      await inChunks(rollNos, async (ids) => {
        const rows = await db
          .selectFrom('attendance')
          .select(['roll_no', 'date', 'status'])
          .where('roll_no', 'in', ids)
          .where('date', '>=', from)
          .where('date', '<=', to)
          .execute();
        for (const row of rows) found.set(`${row.roll_no}|${row.date}`, row.status);
      });
      return found;
    },

    /**
     * A writer of many rows into one table, for use inside the import's transaction; `progress`
     * hears of the rows of each statement once it has run.
     */
    writer(
      table: string,
      columns: readonly string[],
      progress: (rows: number) => void,
      onConflict?: BatchOptions['onConflict'],
    ): Promise<BatchWriter> {
      return BatchWriter.open(db, dialect, table, columns, progress, {
        maxRows: BATCH_ROWS,
        ...(onConflict ? { onConflict } : {}),
      });
    },
  };
}

export type ImportRepository = ReturnType<typeof importRepository>;
export type { Value };
