/** The admin counts: the stats domain reads (only counts of) the tables of other domains. */
import type { Db } from '../../db/index';

/** PostgreSQL answers count(*) as a bigint string, SQLite as a number. */
const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);

type CountedTable = 'students' | 'teachers' | 'support_messages' | 'queries';

export function statsRepository(db: Db) {
  return {
    async count(table: CountedTable): Promise<number> {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirst();
      return toCount(row?.count);
    },

    /** Mentor notices, events and general notices together, in one round trip. */
    async countNotices(): Promise<number> {
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('mentor_notices')
            .select(eb.fn.countAll<string | number>().as('n'))
            .as('mentorNotices'),
          eb.selectFrom('events').select(eb.fn.countAll<string | number>().as('n')).as('events'),
          eb.selectFrom('notices').select(eb.fn.countAll<string | number>().as('n')).as('notices'),
        ])
        .executeTakeFirstOrThrow();
      return toCount(row.mentorNotices) + toCount(row.events) + toCount(row.notices);
    },
  };
}

export type StatsRepository = ReturnType<typeof statsRepository>;
