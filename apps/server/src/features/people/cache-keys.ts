/** The people feature's cached reads (decision record 0080). */
import type { StudentListQuery } from '@campus/contract';
import { cachedRead } from '../../db/read-cache';

export const peopleKeys = {
  /** A page of the students' directory (Manage Students and the Students Collection alike). */
  students: ({ group, search, status, limit, offset }: StudentListQuery) =>
    cachedRead(['students', group, status, limit ?? 'all', offset, search], ['students', 'accounts']),
  /** A student's card: name, contact and group, as a pass or a question they file carries. */
  card: (rollNo: number) => cachedRead(['student-card', rollNo], ['students']),
};
