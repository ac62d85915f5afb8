/**
 * A student's name, contact and group by roll number, as a pass or a question they file carries:
 * from memory while no student changes, so that filing one reads nothing before its write (one
 * round trip on PostgreSQL instead of two).
 */
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import { peopleKeys } from './cache-keys';

export interface StudentCard {
  name: string;
  email: string;
  phoneNo: string | null;
  group: string;
}

/**
 * Whether `card` is the one memory holds for the student now: no student has changed since it was
 * read, so what is built from it may be kept (`ReadCache.keepChanged`).
 */
export const isCurrentCard = (cache: ReadCache, rollNo: number, card: StudentCard): boolean =>
  cache.kept(peopleKeys.card(rollNo)) === card;

export function studentCards(db: Db, cache: ReadCache) {
  return (rollNo: number, outside: number | undefined): Promise<StudentCard | null> =>
    cache.get(
      peopleKeys.card(rollNo),
      async () => {
        const row = await db
          .selectFrom('students')
          .select(['name', 'email', 'phone_no', 'group_name'])
          .where('roll_no', '=', rollNo)
          .executeTakeFirst();
        return row
          ? { name: row.name, email: row.email, phoneNo: row.phone_no, group: row.group_name }
          : null;
      },
      outside,
    );
}

export type StudentCards = ReturnType<typeof studentCards>;
