/** When notices start and end, and telling the people of a scheduled notice once it has started. */
import type { NoticeAudienceKind, NoticeType } from '@campus/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Webhooks } from '../webhooks/index';
import { publisher, TABLES, type StartedNotice } from './visibility';

export function noticeSchedule(db: Db, webhooks?: Webhooks) {
  const published = publisher(webhooks);
  return {
    /**
     * Every moment after `after` when a notice, an event or a mentor notice starts or ends, in order:
     * whom a list shows changes only at one of them (besides writes).
     */
    async boundaries(after: string): Promise<string[]> {
      const { rows } = await sql<{ at: string }>`
        select starts_at as at from notices where starts_at > ${after}
        union select ends_at from notices where ends_at > ${after}
        union select starts_at from events where starts_at > ${after}
        union select ends_at from events where ends_at > ${after}
        union select starts_at from mentor_notices where starts_at > ${after}
        union select ends_at from mentor_notices where ends_at > ${after}`.execute(db);
      return rows.map((r) => r.at).sort();
    },

    /** When the first notice whose people have not been told starts (an ISO time), or null when none waits. */
    async nextUntold(): Promise<string | null> {
      const { rows } = await sql<{ at: string | null }>`
        select min(at) as at from (
          select min(starts_at) as at from notices where notified_at is null
          union all select min(starts_at) from events where notified_at is null
          union all select min(starts_at) from mentor_notices where notified_at is null) as untold`.execute(
        db,
      );
      return rows[0]?.at ?? null;
    },

    /**
     * The scheduled notices that have started by `now` and whose people were not told yet, each
     * claimed by one conditional update: of several instances checking at once, one tells.
     */
    async claimStarted(now: string): Promise<StartedNotice[]> {
      const started: StartedNotice[] = [];
      for (const type of Object.keys(TABLES) as NoticeType[]) {
        const { table, title } = TABLES[type];
        const due = (
          await sql<{ id: string; author_id: string; title: string; audience: string; starts_at: string }>`
            select id, author_id, ${sql.ref(title)} as title, audience, starts_at from ${sql.table(table)}
            where notified_at is null and starts_at <= ${now}`.execute(db)
        ).rows;
        for (const row of due) {
          const claim = async (on: Db) => {
            const claimed = await sql`
              update ${sql.table(table)} set notified_at = ${now}
              where id = ${row.id} and notified_at is null`.execute(on);
            if (Number(claimed.numAffectedRows ?? 0) === 0) return undefined;
            const groups = await on
              .selectFrom('notice_audience_groups')
              .select('group_name')
              .where('notice_id', '=', row.id)
              .execute();
            // With the claim: of several instances checking at once, the one that tells queues it.
            const names = groups.map((g) => g.group_name);
            await published(
              on,
              { type, id: row.id, title: row.title, audience: row.audience, startsAt: row.starts_at },
              names,
            );
            return groups;
          };
          const groups =
            webhooks && (await webhooks.wants('notice.published'))
              ? await db.transaction().execute(claim)
              : await claim(db);
          if (!groups) continue;
          const author = await db
            .selectFrom('teachers')
            .select('name')
            .where('account_id', '=', row.author_id)
            .executeTakeFirst();
          started.push({
            type,
            id: row.id,
            authorId: row.author_id,
            authorName: author?.name ?? null,
            title: row.title,
            audience: row.audience as NoticeAudienceKind,
            groups: groups.map((g) => g.group_name),
          });
        }
      }
      return started;
    },
  };
}
