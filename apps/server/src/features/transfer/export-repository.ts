/**
 * The SQL of CSV exports. Each list is read a page at a time by keyset (the rows after the last
 * one sent, by an indexed order), and each page is written out before the next is read, so no
 * export holds a whole table in memory whatever its size. A row changed while an export runs may
 * show as it was or as it became; nothing is held locked meanwhile.
 */
import type { CsvCell, StudentExportQuery } from '@campus/contract';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { byStatus, matches } from '../people/repository';

type Rows = AsyncGenerator<CsvCell[]>;

/** Rows a page: big enough that round trips do not count, small enough to keep memory flat. */
export const EXPORT_PAGE_ROWS = 1000;

/** Reads page after page, each after the last row of the one before, until a short page. */
async function* keyset<Row, Key>(
  page: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}

export function exportRepository(db: Db, pageRows = EXPORT_PAGE_ROWS) {
  return {
    /** Students by roll number, narrowed by the rules of the Manage Students list. */
    async *students({ group, search, status }: StudentExportQuery = {}): Rows {
      const rows = keyset(
        (after: number | undefined) => {
          let q = db
            .selectFrom('students')
            .innerJoin('accounts', 'accounts.id', 'students.account_id')
            .selectAll('students')
            .orderBy('roll_no')
            .limit(pageRows);
          if (group) q = q.where('group_name', '=', group);
          if (search) q = q.where(matches('name', 'roll_no', search));
          const onlyStatus = byStatus(status);
          if (onlyStatus) q = q.where(onlyStatus);
          if (after !== undefined) q = q.where('roll_no', '>', after);
          return q.execute();
        },
        (row) => row.roll_no,
        pageRows,
      );
      for await (const s of rows) {
        yield [
          s.roll_no,
          s.name,
          s.father_name,
          s.mother_name,
          s.gender,
          s.dob,
          s.category,
          s.phone_no,
          s.email,
          s.group_name,
        ];
      }
    },

    /** Teachers by teacher id, with the groups they mentor (read once per page). */
    async *teachers(): Rows {
      let after: number | undefined;
      for (;;) {
        let q = db.selectFrom('teachers').selectAll().orderBy('teacher_id').limit(pageRows);
        if (after !== undefined) q = q.where('teacher_id', '>', after);
        const page = await q.execute();
        const groups = new Map<string, string[]>(page.map((t) => [t.account_id, []]));
        await inChunks(
          page.map((t) => t.account_id),
          async (ids) => {
            const rows = await db
              .selectFrom('teacher_groups')
              .select(['teacher_account_id', 'group_name'])
              .where('teacher_account_id', 'in', ids)
              .orderBy('group_name')
              .execute();
            for (const row of rows) groups.get(row.teacher_account_id)?.push(row.group_name);
          },
        );
        for (const t of page) {
          yield [
            t.teacher_id,
            t.name,
            t.gender,
            t.dob,
            t.phone_no,
            t.email,
            groups.get(t.account_id)!.join('; '),
          ];
        }
        if (page.length < pageRows) return;
        after = page.at(-1)!.teacher_id;
      }
    },

    /** One row per teacher and group mentored, by teacher id then group. */
    async *mentors(group?: string): Rows {
      const rows = keyset(
        (after: [number, string] | undefined) => {
          let q = db
            .selectFrom('teacher_groups')
            .innerJoin('teachers', 'teachers.account_id', 'teacher_groups.teacher_account_id')
            .select(['teachers.teacher_id', 'teachers.name', 'teacher_groups.group_name'])
            .orderBy('teachers.teacher_id')
            .orderBy('teacher_groups.group_name')
            .limit(pageRows);
          if (group) q = q.where('teacher_groups.group_name', '=', group);
          if (after) {
            const [id, name] = after;
            q = q.where((eb) =>
              eb.or([
                eb('teachers.teacher_id', '>', id),
                eb.and([eb('teachers.teacher_id', '=', id), eb('teacher_groups.group_name', '>', name)]),
              ]),
            );
          }
          return q.execute();
        },
        (row) => [row.teacher_id, row.group_name] as [number, string],
        pageRows,
      );
      for await (const m of rows) yield [m.teacher_id, m.name, m.group_name];
    },

    /** Every student's marks, those without a record too (empty cells), by roll number. */
    async *marks(group?: string): Rows {
      const rows = keyset(
        (after: number | undefined) => {
          let q = db
            .selectFrom('students')
            .leftJoin('performance', 'performance.roll_no', 'students.roll_no')
            .select([
              'students.roll_no',
              'students.name',
              'students.group_name',
              'performance.tenth_percent',
              'performance.twelfth_percent',
              'performance.sem1_sgpa',
              'performance.sem2_sgpa',
              'performance.sem3_sgpa',
              'performance.sem4_sgpa',
              'performance.cgpa',
              'performance.cgpa_source',
            ])
            .orderBy('students.roll_no')
            .limit(pageRows);
          if (group) q = q.where('students.group_name', '=', group);
          if (after !== undefined) q = q.where('students.roll_no', '>', after);
          return q.execute();
        },
        (row) => row.roll_no,
        pageRows,
      );
      for await (const m of rows) {
        yield [
          m.roll_no,
          m.name,
          m.group_name,
          m.tenth_percent,
          m.twelfth_percent,
          m.sem1_sgpa,
          m.sem2_sgpa,
          m.sem3_sgpa,
          m.sem4_sgpa,
          m.cgpa,
          m.cgpa_source,
        ];
      }
    },

    /** A group's marks day by day from `from` to `to`, by roll number then date. */
    async *attendance(group: string, from: string, to: string): Rows {
      const rows = keyset(
        (after: [number, string] | undefined) => {
          let q = db
            .selectFrom('students')
            .innerJoin('attendance', 'attendance.roll_no', 'students.roll_no')
            .select(['students.roll_no', 'students.name', 'attendance.date', 'attendance.status'])
            .where('students.group_name', '=', group)
            .where('attendance.date', '>=', from)
            .where('attendance.date', '<=', to)
            .orderBy('students.roll_no')
            .orderBy('attendance.date')
            .limit(pageRows);
          if (after) {
            const [rollNo, date] = after;
            q = q.where((eb) =>
              eb.or([
                eb('students.roll_no', '>', rollNo),
                eb.and([eb('students.roll_no', '=', rollNo), eb('attendance.date', '>', date)]),
              ]),
            );
          }
          return q.execute();
        },
        (row) => [row.roll_no, row.date] as [number, string],
        pageRows,
      );
      for await (const a of rows) yield [a.roll_no, a.name, a.date, a.status];
    },

    /** Gate passes, oldest first. */
    async *gatePasses(): Rows {
      const rows = keyset(
        (after: [string, string] | undefined) => {
          let q = db
            .selectFrom('gate_passes as g')
            .innerJoin('students as s', 's.roll_no', 'g.roll_no')
            .select([
              'g.id',
              'g.roll_no',
              's.name',
              's.email',
              'g.contact',
              'g.date',
              'g.time',
              'g.reason',
              'g.status',
              'g.created_at',
              'g.decided_at',
            ])
            .orderBy('g.created_at')
            .orderBy('g.id')
            .limit(pageRows);
          if (after) {
            const [at, id] = after;
            q = q.where((eb) =>
              eb.or([
                eb('g.created_at', '>', at),
                eb.and([eb('g.created_at', '=', at), eb('g.id', '>', id)]),
              ]),
            );
          }
          return q.execute();
        },
        (row) => [row.created_at, row.id] as [string, string],
        pageRows,
      );
      for await (const g of rows) {
        yield [
          g.id,
          g.roll_no,
          g.name,
          g.email,
          g.contact,
          g.date,
          g.time,
          g.reason,
          g.status,
          g.created_at,
          g.decided_at,
        ];
      }
    },

    /** Queries, oldest first, hidden ones too, with their tags (read once per page). */
    async *queries(): Rows {
      let after: [string, string] | undefined;
      for (;;) {
        let q = db
          .selectFrom('queries as q')
          .innerJoin('students as s', 's.roll_no', 'q.roll_no')
          .select([
            'q.id',
            'q.roll_no',
            's.name',
            'q.topic',
            'q.description',
            'q.solution',
            'q.likes',
            'q.hidden_at',
            'q.created_at',
            'q.solved_at',
          ])
          .orderBy('q.created_at')
          .orderBy('q.id')
          .limit(pageRows);
        if (after) {
          const [at, id] = after;
          q = q.where((eb) =>
            eb.or([eb('q.created_at', '>', at), eb.and([eb('q.created_at', '=', at), eb('q.id', '>', id)])]),
          );
        }
        const page = await q.execute();
        const tags = new Map<string, string[]>(page.map((row) => [row.id, []]));
        await inChunks(
          page.map((row) => row.id),
          async (ids) => {
            const rows = await db
              .selectFrom('query_tags')
              .select(['query_id', 'tag'])
              .where('query_id', 'in', ids)
              .orderBy('query_id')
              .orderBy('position')
              .execute();
            for (const row of rows) tags.get(row.query_id)?.push(row.tag);
          },
        );
        for (const row of page) {
          yield [
            row.id,
            row.roll_no,
            row.name,
            row.topic,
            tags.get(row.id)!.join(', '),
            row.description,
            row.solution,
            row.likes,
            row.hidden_at === null ? 'No' : 'Yes',
            row.created_at,
            row.solved_at,
          ];
        }
        if (page.length < pageRows) return;
        const last = page.at(-1)!;
        after = [last.created_at, last.id];
      }
    },
  };
}

export type ExportRepository = ReturnType<typeof exportRepository>;
