/** Performance records joined to their students: all the SQL of the performance domain. */
import type { Performance } from '@campus/contract';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { containsPattern } from '../../lib/like';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';

export interface PerformanceSearch extends Page {
  search?: string | undefined;
}

export function performanceRepository(db: Db, dialect: Dialect = 'sqlite') {
  const base = () =>
    db
      .selectFrom('performance')
      .innerJoin('students', 'students.roll_no', 'performance.roll_no')
      .select([
        'performance.roll_no',
        'students.name',
        'performance.tenth_percent',
        'performance.twelfth_percent',
        'performance.sem1_sgpa',
        'performance.sem2_sgpa',
        'performance.sem3_sgpa',
        'performance.sem4_sgpa',
        'performance.cgpa',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
  const toApi = (r: Row): Performance => ({
    RollNo: r.roll_no,
    Name: r.name,
    '10th %age': r.tenth_percent,
    '12th %age': r.twelfth_percent,
    'Sem-1 SGPA': r.sem1_sgpa,
    'Sem-2 SGPA': r.sem2_sgpa,
    'Sem-3 SGPA': r.sem3_sgpa,
    'Sem-4 SGPA': r.sem4_sgpa,
    CGPA: r.cgpa,
  });

  return {
    async studentExists(rollNo: number): Promise<boolean> {
      const row = await db
        .selectFrom('students')
        .select('roll_no')
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The record of one student, or undefined when they have none. */
    async forStudent(rollNo: number): Promise<Performance | undefined> {
      const row = await base().where('performance.roll_no', '=', rollNo).executeTakeFirst();
      return row && toApi(row);
    },

    /**
     * Records by roll number, in one query. `search` matches the name in any case, or the start of
     * the roll number when it is all digits.
     */
    async list({ search, limit, offset }: PerformanceSearch): Promise<Listed<Performance>> {
      let query = base().orderBy('performance.roll_no');
      if (search) {
        const pattern = containsPattern(search);
        // ILIKE on PostgreSQL, far cheaper than lower() LIKE lower() (docs/performance.md, "Staff
        // performance records"); SQLite has no ILIKE.
        const byName =
          dialect === 'postgres'
            ? sql<boolean>`${sql.ref('students.name')} ilike ${pattern} escape '\\'`
            : sql<boolean>`lower(${sql.ref('students.name')}) like lower(${pattern}) escape '\\'`;
        query = /^\d+$/.test(search)
          ? query.where((eb) =>
              eb.or([
                byName,
                eb(sql<string>`cast(${sql.ref('performance.roll_no')} as text)`, 'like', `${search}%`),
              ]),
            )
          : query.where(byName);
      }
      // Unsearched, every record has its student (a foreign key, deleted with them): the total is the
      // table's, counted without the join (docs/performance.md, "Staff performance records").
      const counted = search ? undefined : db.selectFrom('performance');
      return mapItems(await listPage(query, { limit, offset }, counted), toApi);
    },
  };
}

export type PerformanceRepository = ReturnType<typeof performanceRepository>;
