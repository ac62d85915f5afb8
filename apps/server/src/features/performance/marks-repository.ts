/** Entering and correcting marks: the SQL behind the marks editor, apart from the read-only lists. */
import {
  CGPA_SOURCES,
  type CgpaSource,
  type MarkChange,
  type MarksRecord,
  type MarksUpdate,
} from '@campus/contract';
import type { Db, Dialect } from '../../db/index';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';
import { mentorshipRepository } from '../people/mentorship';

/** Each mark of the API and the column that keeps it, in the order changes are told. */
const COLUMNS = {
  '10th %age': 'tenth_percent',
  '12th %age': 'twelfth_percent',
  'Sem-1 SGPA': 'sem1_sgpa',
  'Sem-2 SGPA': 'sem2_sgpa',
  'Sem-3 SGPA': 'sem3_sgpa',
  'Sem-4 SGPA': 'sem4_sgpa',
  CGPA: 'cgpa',
} as const;
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];
const MARKS = Object.entries(COLUMNS) as [keyof typeof COLUMNS, Column][];

interface Row extends Record<Column, number | null> {
  roll_no: number;
  name: string;
  group_name: string;
  cgpa_source: string | null;
}

const isCgpaSource = (value: string | null): value is CgpaSource =>
  CGPA_SOURCES.some((source) => source === value);

function toRecord(row: Row): MarksRecord {
  return {
    RollNo: row.roll_no,
    Name: row.name,
    group: row.group_name,
    ...(Object.fromEntries(MARKS.map(([mark, column]) => [mark, row[column]])) as Record<
      keyof typeof COLUMNS,
      number | null
    >),
    cgpaSource: isCgpaSource(row.cgpa_source) ? row.cgpa_source : null,
  };
}

/** The fields `update` changes, each from its old value to its new one. */
function changesBetween(before: MarksRecord, after: MarksUpdate): MarkChange[] {
  const changes: MarkChange[] = [];
  for (const [mark] of MARKS) {
    if (before[mark] !== after[mark]) changes.push({ field: mark, from: before[mark], to: after[mark] });
  }
  if (before.cgpaSource !== after.cgpaSource) {
    changes.push({ field: 'cgpaSource', from: before.cgpaSource, to: after.cgpaSource });
  }
  return changes;
}

export type MarksUpdateResult =
  | { ok: true; record: MarksRecord; changes: MarkChange[] }
  | { ok: false; problem: 'no-student' }
  | { ok: false; problem: 'not-mentor'; group: string };

export function marksRepository(db: Db, dialect: Dialect) {
  // Every student, with or without a record: marks are entered for students who have none yet.
  const base = (from: Db = db) =>
    from
      .selectFrom('students')
      .leftJoin('performance', 'performance.roll_no', 'students.roll_no')
      .select([
        'students.roll_no',
        'students.name',
        'students.group_name',
        ...MARKS.map(([, column]) => `performance.${column}` as const),
        'performance.cgpa_source',
      ]);

  return {
    /** A group's students by roll number, with their marks. */
    async listGroup(group: string, page: Page): Promise<Listed<MarksRecord>> {
      const query = base().where('students.group_name', '=', group).orderBy('students.roll_no');
      return mapItems(await listPage(query, page), toRecord);
    },

    /** One student's marks; undefined when there is no such student. */
    async forStudent(rollNo: number): Promise<MarksRecord | undefined> {
      const row = await base().where('students.roll_no', '=', rollNo).executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * Replaces a student's marks, reading the old ones in the same transaction so that the changes
     * told are the ones made. A teacher changes only the marks of the groups they mentor
     * (`mentorAccountId`); an admin passes none. Nothing is written when nothing changed.
     */
    async update(rollNo: number, marks: MarksUpdate, mentorAccountId?: string): Promise<MarksUpdateResult> {
      return db.transaction().execute(async (trx) => {
        // Two editors of one student take turns, so each is told the changes it really made. The
        // student's row is locked without blocking the attendance marks that refer to it, before
        // the marks are read: a read that waited for the lock would still see, in its snapshot,
        // the marks from before the other editor's save (READ COMMITTED takes one per statement).
        if (dialect === 'postgres') {
          await trx
            .selectFrom('students')
            .select('roll_no')
            .where('roll_no', '=', rollNo)
            .forNoKeyUpdate()
            .execute();
        }
        const row = await base(trx).where('students.roll_no', '=', rollNo).executeTakeFirst();
        if (!row) return { ok: false, problem: 'no-student' };
        if (
          mentorAccountId !== undefined &&
          !(await mentorshipRepository(trx).mentorsGroup(mentorAccountId, row.group_name))
        ) {
          return { ok: false, problem: 'not-mentor', group: row.group_name };
        }
        const before = toRecord(row);
        const changes = changesBetween(before, marks);
        if (changes.length === 0) return { ok: true, record: before, changes };
        const values = {
          ...(Object.fromEntries(MARKS.map(([mark, column]) => [column, marks[mark]])) as Record<
            Column,
            number | null
          >),
          cgpa_source: marks.cgpaSource,
        };
        await trx
          .insertInto('performance')
          .values({ roll_no: rollNo, ...values })
          .onConflict((oc) => oc.column('roll_no').doUpdateSet(values))
          .execute();
        const record: MarksRecord = { ...before, cgpaSource: marks.cgpaSource };
        for (const [mark] of MARKS) record[mark] = marks[mark];
        return { ok: true, record, changes };
      });
    },
  };
}

export type MarksRepository = ReturnType<typeof marksRepository>;
