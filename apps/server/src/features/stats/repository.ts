/** The admin counts: the stats domain reads (only counts of) the tables of other domains. */
import { sql } from 'kysely';
import { ATTENDANCE_WARNING_PERCENT, addDays, weekdayOf } from '@campus/contract';
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

/** The Monday (`YYYY-MM-DD`) of the week of a day. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

/** What the admin's dashboard leads with: each count is one query over an index, never a query per row. */
export function overviewRepository(db: Db) {
  const count = (row: { n: string | number | bigint | null } | undefined) => toCount(row?.n);

  return {
    async recentSupport(since: string): Promise<number> {
      return count(
        await db
          .selectFrom('support_messages')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('created_at', '>=', since)
          .executeTakeFirst(),
      );
    },

    async groupsWithoutMentor(): Promise<string[]> {
      const rows = await db
        .selectFrom('groups')
        .select('name')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('teacher_groups').select('group_name').whereRef('group_name', '=', 'groups.name'),
            ),
          ),
        )
        .orderBy('name')
        .execute();
      return rows.map((r) => r.name);
    },

    /** Groups with students, and of those the ones with attendance marked on the day. */
    async groupsMarkedOn(day: string): Promise<{ all: string[]; marked: Set<string> }> {
      const [all, marked] = await Promise.all([
        db.selectFrom('students').select('group_name').distinct().orderBy('group_name').execute(),
        db
          .selectFrom('attendance')
          .innerJoin('students', 'students.roll_no', 'attendance.roll_no')
          .select('students.group_name')
          .distinct()
          .where('attendance.date', '=', day)
          .execute(),
      ]);
      return { all: all.map((r) => r.group_name), marked: new Set(marked.map((r) => r.group_name)) };
    },

    /** From each student's kept totals (migration 0030), not from their whole attendance history. */
    async studentsBelowMinimum(): Promise<number> {
      return count(
        await db
          .selectFrom('attendance_totals')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('days_marked', '>', 0)
          .where(sql<boolean>`days_present * 100 < ${ATTENDANCE_WARNING_PERCENT} * days_marked`)
          .executeTakeFirst(),
      );
    },

    async stalePendingGatePasses(today: string): Promise<number> {
      return count(
        await db
          .selectFrom('gate_passes')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('status', '=', 'pending')
          .where('date', '<', today)
          .executeTakeFirst(),
      );
    },

    async recentImports(since: string): Promise<number> {
      return count(
        await db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('kind', '=', 'import.apply')
          .where('at', '>=', since)
          .executeTakeFirst(),
      );
    },

    /**
     * How many rows of the table were created between each bound (an ISO instant) and the next: the
     * campus's days, whose midnights are not UTC's. One read of the range, one sum per span.
     */
    async perSpan(table: 'gate_passes' | 'queries', bounds: readonly string[]): Promise<number[]> {
      const spans = bounds.slice(1).map((end, i) => {
        const start = bounds[i]!;
        return sql<
          string | number
        >`sum(case when created_at >= ${start} and created_at < ${end} then 1 else 0 end)`.as(`s${i}`);
      });
      const row: Record<string, string | number | null> | undefined = await db
        .selectFrom(table)
        .select(spans)
        .where('created_at', '>=', bounds[0]!)
        .where('created_at', '<', bounds.at(-1)!)
        .executeTakeFirst();
      return spans.map((_, i) => toCount(row?.[`s${i}`]));
    },

    /** Present and marked records per day since `from` (a day), from the (date, status) index alone. */
    async attendanceByDay(from: string): Promise<{ date: string; present: number; total: number }[]> {
      const rows = await db
        .selectFrom('attendance')
        .select([
          'date',
          sql<string | number>`sum(case when status = 'Present' then 1 else 0 end)`.as('present'),
          (eb) => eb.fn.countAll<string | number>().as('total'),
        ])
        .where('date', '>=', from)
        .groupBy('date')
        .execute();
      return rows.map((r) => ({ date: r.date, present: toCount(r.present), total: toCount(r.total) }));
    },
  };
}

export type StatsRepository = ReturnType<typeof statsRepository>;
