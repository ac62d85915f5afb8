/**
 * A mentor's students, or a group's, for cached reads of their work lists that follow only those
 * students' rows: a pass or a question from a student of another group leaves the list in memory,
 * and so does a mark of another group (db/changes.ts).
 */
import { studentListKeys } from './cache-keys';
import type { StudentTable } from './changes';
import type { Db } from './index';
import type { CachedSource, ReadCache } from './read-cache';

export interface MenteeRows {
  /**
   * Part of the key of a read made for these mentees. It changes when the mentees are read again
   * (a student moved, a group handed over), so that an answer kept for the old mentees, whose
   * sources were others, is never compared with the new ones.
   */
  readonly key: string;
  /** Their roll numbers, in order. */
  readonly rollNos: readonly number[];
  /** Whether a student is one of them. */
  has(rollNo: number): boolean;
  /**
   * What a read of these mentees' rows of `tables` names: `also` (whole tables), then each table's
   * rows of these students, followed together (`ReadCache.watch`). Kept per mentee list, so that a
   * request builds none of it.
   */
  sources(tables: readonly StudentTable[], also: readonly CachedSource[]): readonly CachedSource[];
}

interface Made {
  readonly key: string;
  readonly sources: Map<string, readonly CachedSource[]>;
}

let lists = 0;
const made = new WeakMap<readonly number[], Made>();

/** Some students' roll numbers, read through the cache, and what reads of their rows name. */
function followed(cache: ReadCache, rollNos: readonly number[]): MenteeRows {
  let entry = made.get(rollNos);
  if (!entry) {
    entry = { key: `m${++lists}`, sources: new Map() };
    made.set(rollNos, entry);
  }
  const { key, sources } = entry;
  return {
    key,
    rollNos,
    has(rollNo) {
      let low = 0;
      let high = rollNos.length - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const at = rollNos[mid]!;
        if (at === rollNo) return true;
        if (at < rollNo) low = mid + 1;
        else high = mid - 1;
      }
      return false;
    },
    sources(tables, also) {
      const name = `${tables.join()}|${also.join()}`;
      let named = sources.get(name);
      if (!named) {
        // With no students there are no rows to follow, but the query still names the tables.
        named =
          rollNos.length === 0
            ? [...also, ...tables]
            : [...also, ...tables.map((table) => cache.watch(table, rollNos))];
        sources.set(name, named);
      }
      return named;
    },
  };
}

/** The students of the groups a teacher mentors, from memory while students and mentors are unchanged. */
export function menteeRows(db: Db, cache: ReadCache) {
  return async (teacherAccountId: string, outside?: number): Promise<MenteeRows> =>
    followed(
      cache,
      await cache.get(
        studentListKeys.mentees(teacherAccountId),
        () => rollNosIn(db, { mentoredBy: teacherAccountId }),
        outside,
      ),
    );
}

export type MenteeRowsOf = ReturnType<typeof menteeRows>;

/** The students of one group, from memory while students are unchanged. */
export function groupRows(db: Db, cache: ReadCache) {
  return async (group: string, outside?: number): Promise<MenteeRows> =>
    followed(cache, await cache.get(studentListKeys.group(group), () => rollNosIn(db, { group }), outside));
}

/**
 * The roll numbers of one group's students, of a teacher's mentees, or of both at once, as a
 * subquery: a list filtered by them reads each student's own rows by index instead of joining every
 * row to its student.
 */
export function rollNosOf(
  db: Db,
  { group, mentoredBy }: { group?: string | undefined; mentoredBy?: string | undefined },
) {
  let students = db.selectFrom('students as fs').select('fs.roll_no');
  if (group !== undefined) students = students.where('fs.group_name', '=', group);
  if (mentoredBy !== undefined) {
    students = students.where(
      'fs.group_name',
      'in',
      db
        .selectFrom('teacher_groups')
        .select('teacher_groups.group_name')
        .where('teacher_groups.teacher_account_id', '=', mentoredBy),
    );
  }
  return students;
}

/** The roll numbers `rollNosOf` names, read, in order. */
async function rollNosIn(db: Db, of: Parameters<typeof rollNosOf>[1]): Promise<number[]> {
  const rows = await rollNosOf(db, of).orderBy('fs.roll_no').execute();
  return rows.map((row) => row.roll_no);
}
