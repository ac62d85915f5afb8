/** The performance feature's cached reads (decision record 0080). */
import { rowsOf } from '../../db/changes';
import { cachedRead } from '../../db/read-cache';
import type { Page } from '../../lib/lists';

export const performanceKeys = {
  /** One student's marks card: their own rows, and whether they exist. */
  student: (rollNo: number) =>
    cachedRead(['performance', rollNo], [rowsOf('performance', rollNo), 'students']),
  /** A page of the staff table of everyone's performance. */
  list: ({ limit, offset, search }: Page & { search?: string | undefined }) =>
    cachedRead(['students-performance', limit ?? 'all', offset, search], ['performance', 'students']),
};
