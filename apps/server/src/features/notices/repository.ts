/**
 * Mentor notices, events and general notices: all the SQL of the notices domain. Each is for a
 * whole campus, chosen groups, or a role; it shows from its start and leaves at its end; pinned ones
 * come first (decision record 0033).
 */
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  type EventNotice,
  type GeneralNotice,
  type MentorNotice,
  type NoticeAudience,
  type NoticeAudienceKind,
  type NoticeSearchHit,
  type NoticeType,
  type Role,
} from '@campus/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { newId, nowIso } from '../../lib/ids';
import { listPage, type Listed, type Page } from '../../lib/lists';
import { searchWords } from '../queries/search';
import type { Webhooks } from '../webhooks/index';

export interface Targeting {
  audience: NoticeAudienceKind;
  groups: string[];
  /** ISO; undefined or null: now. */
  startsAt?: string | null | undefined;
  endsAt?: string | null | undefined;
  pinned: boolean;
}
export interface NewMentorNotice extends Targeting {
  heading: string;
  description: string;
}
export interface NewEventNotice extends Targeting {
  eventName: string;
  hostBy: string;
  contactEmail: string;
  date: string;
  time: string;
  description: string;
}
export interface NewGeneralNotice extends Targeting {
  heading: string;
  contactEmail: string;
  description: string;
}

/** Who reads a list, and when. */
export interface Viewer {
  accountId: string;
  role: Role;
  /** The time that decides what has started and what has ended (ISO). */
  now: string;
}

/** A notice whose people are to be told now. */
export interface StartedNotice {
  type: NoticeType;
  id: string;
  authorId: string;
  authorName: string | null;
  title: string;
  audience: NoticeAudienceKind;
  groups: string[];
}

const TABLES = {
  generalNotice: { table: 'notices', title: 'heading' },
  eventNotice: { table: 'events', title: 'event_name' },
  mentorNotice: { table: 'mentor_notices', title: 'heading' },
} as const;

/**
 * The notices `viewer` may see, as a condition on the notice aliased `n`: not ended; and for admins
 * and the author everything else (a scheduled notice too), for others what has started and is for them.
 */
export function visibleTo(viewer: Viewer): RawBuilder<boolean> {
  const notEnded = sql`(n.ends_at is null or n.ends_at > ${viewer.now})`;
  if (viewer.role === 'admin') return sql<boolean>`${notEnded}`;
  const forThem =
    viewer.role === 'student'
      ? sql`(n.audience in ('all', 'students') or (n.audience = 'groups' and exists (
          select 1 from notice_audience_groups g join students s on s.group_name = g.group_name
          where g.notice_id = n.id and s.account_id = ${viewer.accountId})))`
      : sql`(n.audience in ('all', 'teachers') or (n.audience = 'groups' and exists (
          select 1 from notice_audience_groups g join teacher_groups tg on tg.group_name = g.group_name
          where g.notice_id = n.id and tg.teacher_account_id = ${viewer.accountId})))`;
  return sql<boolean>`${notEnded} and (n.author_id = ${viewer.accountId} or (n.starts_at <= ${viewer.now} and ${forThem}))`;
}

interface Scheduled {
  id: string;
  author_id: string;
  audience: string;
  starts_at: string;
  ends_at: string | null;
  pinned: number;
}

/** `webhooks`: a notice is told to the endpoints that listen when it is published (record 0085). */
export function noticesRepository(db: Db, dialect: Dialect = 'sqlite', webhooks?: Webhooks) {
  /** Queues `notice.published`, with the write that publishes the notice. */
  const published = (
    on: Db,
    notice: { type: NoticeType; id: string; title: string; audience: string; startsAt: string },
    groups: readonly string[],
  ) =>
    webhooks?.emit(
      'notice.published',
      () => ({
        noticeId: notice.id,
        type: notice.type,
        title: notice.title,
        audience: notice.audience,
        groups: [...new Set(groups)],
        startsAt: notice.startsAt,
      }),
      on,
    );
  const groupsOf = (input: Targeting) => (input.audience === 'groups' ? input.groups : []);
  /** The audiences of the page's notices, for the viewers who are shown them. */
  const audiences = async (
    rows: readonly Scheduled[],
    viewer: Viewer,
  ): Promise<Map<string, NoticeAudience | undefined>> => {
    const shown = rows.filter((r) => viewer.role === 'admin' || r.author_id === viewer.accountId);
    const groups = new Map<string, string[]>();
    await inChunks(
      shown.filter((r) => r.audience === 'groups').map((r) => r.id),
      async (chunk) => {
        const found = await db
          .selectFrom('notice_audience_groups')
          .select(['notice_id', 'group_name'])
          .where('notice_id', 'in', chunk)
          .orderBy('group_name')
          .execute();
        for (const row of found)
          groups.set(row.notice_id, [...(groups.get(row.notice_id) ?? []), row.group_name]);
      },
    );
    return new Map(
      rows.map((r) => [
        r.id,
        shown.includes(r)
          ? { kind: r.audience as NoticeAudienceKind, groups: groups.get(r.id) ?? [] }
          : undefined,
      ]),
    );
  };

  const scheduling = (r: Scheduled, audience: NoticeAudience | undefined) => ({
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    pinned: r.pinned === 1,
    ...(audience ? { audience } : {}),
  });

  /** Checks the targeting and writes the notice's groups; a problem names what is wrong. */
  const start = (input: Targeting, now: string) => {
    const startsAt = input.startsAt ? new Date(input.startsAt).toISOString() : now;
    const endsAt = input.endsAt ? new Date(input.endsAt).toISOString() : null;
    return {
      starts_at: startsAt,
      ends_at: endsAt,
      pinned: input.pinned ? 1 : 0,
      audience: input.audience,
      notified_at: startsAt <= now ? now : null,
    };
  };

  return {
    /** Group names of `names` that no group has. */
    async unknownGroups(names: readonly string[]): Promise<string[]> {
      if (names.length === 0) return [];
      const found = await db
        .selectFrom('groups')
        .select('name')
        .where('name', 'in', [...names])
        .execute();
      const known = new Set(found.map((g) => g.name));
      return names.filter((n) => !known.has(n));
    },

    /**
     * Pinned first, then the latest to start; ties broken by id so that pages never overlap. With
     * `mentorsOf` (a roll number), only the notices of the teachers who mentor that student's group.
     */
    async listMentorNotices(page: Page, viewer: Viewer, mentorsOf?: number): Promise<Listed<MentorNotice>> {
      let query = db
        .selectFrom('mentor_notices as n')
        .select([
          'id',
          'author_id',
          'teacher_name',
          'email',
          'heading',
          'description',
          'created_at',
          'audience',
          'starts_at',
          'ends_at',
          'pinned',
        ])
        .where(visibleTo(viewer))
        .orderBy('n.pinned', 'desc')
        .orderBy('n.starts_at', 'desc')
        .orderBy('n.id', 'desc');
      if (mentorsOf !== undefined) {
        query = query.where('n.author_id', 'in', (eb) =>
          eb
            .selectFrom('teacher_groups as tg')
            .innerJoin('students as s', 's.group_name', 'tg.group_name')
            .select('tg.teacher_account_id')
            .where('s.roll_no', '=', mentorsOf),
        );
      }
      const found = await listPage(query, page);
      const shown = await audiences(found.items, viewer);
      return {
        total: found.total,
        items: found.items.map((r) => ({
          _id: r.id,
          teacherName: r.teacher_name,
          email: r.email,
          heading: r.heading,
          description: r.description,
          createdAt: r.created_at,
          ...scheduling(r, shown.get(r.id)),
        })),
      };
    },

    async listEvents(page: Page, viewer: Viewer): Promise<Listed<EventNotice>> {
      const query = db
        .selectFrom('events as n')
        .select([
          'id',
          'author_id',
          'event_name',
          'host_by',
          'contact_email',
          'date',
          'time',
          'description',
          'created_at',
          'audience',
          'starts_at',
          'ends_at',
          'pinned',
        ])
        .where(visibleTo(viewer))
        .orderBy('n.pinned', 'desc')
        .orderBy('n.starts_at', 'desc')
        .orderBy('n.id', 'desc');
      const found = await listPage(query, page);
      const shown = await audiences(found.items, viewer);
      return {
        total: found.total,
        items: found.items.map((r) => ({
          _id: r.id,
          eventName: r.event_name,
          hostBy: r.host_by,
          contactEmail: r.contact_email,
          date: r.date,
          time: r.time,
          description: r.description,
          createdAt: r.created_at,
          ...scheduling(r, shown.get(r.id)),
        })),
      };
    },

    async listGeneralNotices(page: Page, viewer: Viewer): Promise<Listed<GeneralNotice>> {
      const query = db
        .selectFrom('notices as n')
        .select([
          'id',
          'author_id',
          'heading',
          'contact_email',
          'description',
          'created_at',
          'audience',
          'starts_at',
          'ends_at',
          'pinned',
        ])
        .where(visibleTo(viewer))
        .orderBy('n.pinned', 'desc')
        .orderBy('n.starts_at', 'desc')
        .orderBy('n.id', 'desc');
      const found = await listPage(query, page);
      const shown = await audiences(found.items, viewer);
      return {
        total: found.total,
        items: found.items.map((r) => ({
          _id: r.id,
          heading: r.heading,
          contactEmail: r.contact_email,
          description: r.description,
          createdAt: r.created_at,
          ...scheduling(r, shown.get(r.id)),
        })),
      };
    },

    /**
     * Notices and events (and mentor notices a student's mentors wrote) whose words match, best first,
     * the words marked; only what the viewer may see.
     */
    async search(
      text: string,
      viewer: Viewer & { rollNo: number | null },
      type: NoticeType | undefined,
      limit: number,
    ): Promise<NoticeSearchHit[]> {
      const words = searchWords(text);
      if (words.length === 0) return [];
      const types = type ? [type] : (Object.keys(TABLES) as NoticeType[]);
      const hits: (NoticeSearchHit & { rank: number })[] = [];
      for (const kind of types) {
        const { table, title } = TABLES[kind];
        const mentorScope =
          kind === 'mentorNotice' && viewer.rollNo !== null
            ? sql`and n.author_id in (select tg.teacher_account_id from teacher_groups tg
                join students s on s.group_name = tg.group_name where s.roll_no = ${viewer.rollNo})`
            : sql``;
        const body = kind === 'eventNotice' ? sql`n.host_by || ' ' || n.description` : sql`n.description`;
        // pg hands over ts_rank's real as a number, bm25 too; both are read through Number() to be sure.
        let rows: { id: string; title: string; snippet: string; starts_at: string; rank: number | string }[];
        if (dialect === 'postgres') {
          const tsquery = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
          const options = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, HighlightAll=true`;
          const snippetOptions = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=30, MinWords=10`;
          rows = (
            await sql<{
              id: string;
              title: string;
              snippet: string;
              starts_at: string;
              rank: number | string;
            }>`
              select n.id, ts_headline('simple', ${sql.ref(`n.${title}`)}, ${tsquery}, ${options}) as title,
                ts_headline('simple', ${body}, ${tsquery}, ${snippetOptions}) as snippet,
                n.starts_at, ts_rank(n.search, ${tsquery}) as rank
              from ${sql.table(table)} n
              where n.search @@ ${tsquery} and ${visibleTo(viewer)} ${mentorScope}
              order by rank desc, n.id desc limit ${limit}`.execute(db)
          ).rows;
        } else {
          const match = words.map((w) => `"${w}"*`).join(' ');
          rows = (
            await sql<{
              id: string;
              title: string;
              snippet: string;
              starts_at: string;
              rank: number | string;
            }>`
              select n.id,
                highlight(notices_fts, 1, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}) as title,
                snippet(notices_fts, 2, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 24) as snippet,
                n.starts_at, bm25(notices_fts, 0.0, 10.0, 1.0) as rank
              from notices_fts
                join notice_search_keys k on k.key = notices_fts.rowid
                join ${sql.table(table)} n on n.id = k.notice_id and k.kind = ${kind}
              where notices_fts match ${match} and ${visibleTo(viewer)} ${mentorScope}
              order by rank, n.id desc limit ${limit}`.execute(db)
          ).rows;
        }
        for (const r of rows)
          hits.push({
            _id: r.id,
            type: kind,
            title: r.title,
            snippet: r.snippet,
            startsAt: r.starts_at,
            // bm25 is lower for better matches, ts_rank higher: one scale, higher is better.
            rank: dialect === 'postgres' ? Number(r.rank) : -Number(r.rank),
          });
      }
      return hits
        .sort((a, b) => b.rank - a.rank || b.startsAt.localeCompare(a.startsAt))
        .slice(0, limit)
        .map((hit) => ({
          _id: hit._id,
          type: hit.type,
          title: hit.title,
          snippet: hit.snippet,
          startsAt: hit.startsAt,
        }));
    },

    /**
     * A mentor notice signed with the author's own name and email from the teachers table;
     * undefined when the account is not a teacher.
     */
    async createMentorNotice(
      authorId: string,
      input: NewMentorNotice,
      now: string,
    ): Promise<{ notice: MentorNotice; notifyNow: boolean } | undefined> {
      const id = newId();
      const createdAt = nowIso();
      const timing = start(input, now);
      return db.transaction().execute(async (trx) => {
        const teacher = await trx
          .selectFrom('teachers')
          .select(['name', 'email'])
          .where('account_id', '=', authorId)
          .executeTakeFirst();
        if (!teacher) return undefined;
        await trx
          .insertInto('mentor_notices')
          .values({
            id,
            author_id: authorId,
            teacher_name: teacher.name,
            email: teacher.email,
            heading: input.heading,
            description: input.description,
            created_at: createdAt,
            ...timing,
          })
          .execute();
        await writeGroups(trx, id, input);
        if (timing.notified_at !== null) {
          const notice = { type: 'mentorNotice' as const, id, title: input.heading, ...timing };
          await published(trx, { ...notice, startsAt: timing.starts_at }, groupsOf(input));
        }
        return {
          notifyNow: timing.notified_at !== null,
          notice: {
            _id: id,
            teacherName: teacher.name,
            email: teacher.email,
            heading: input.heading,
            description: input.description,
            createdAt,
            ...shownTiming(timing, input),
          },
        };
      });
    },

    async createEvent(
      authorId: string,
      input: NewEventNotice,
      now: string,
    ): Promise<{ notice: EventNotice; notifyNow: boolean }> {
      const id = newId();
      const createdAt = nowIso();
      const timing = start(input, now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('events')
          .values({
            id,
            author_id: authorId,
            event_name: input.eventName,
            host_by: input.hostBy,
            contact_email: input.contactEmail,
            date: input.date,
            time: input.time,
            description: input.description,
            created_at: createdAt,
            ...timing,
          })
          .execute();
        await writeGroups(trx, id, input);
        if (timing.notified_at !== null) {
          const notice = { type: 'eventNotice' as const, id, title: input.eventName, ...timing };
          await published(trx, { ...notice, startsAt: timing.starts_at }, groupsOf(input));
        }
      });
      const { eventName, hostBy, contactEmail, date, time, description } = input;
      return {
        notifyNow: timing.notified_at !== null,
        notice: {
          _id: id,
          eventName,
          hostBy,
          contactEmail,
          date,
          time,
          description,
          createdAt,
          ...shownTiming(timing, input),
        },
      };
    },

    async createGeneralNotice(
      authorId: string,
      input: NewGeneralNotice,
      now: string,
    ): Promise<{ notice: GeneralNotice; notifyNow: boolean }> {
      const id = newId();
      const createdAt = nowIso();
      const timing = start(input, now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notices')
          .values({
            id,
            author_id: authorId,
            heading: input.heading,
            contact_email: input.contactEmail,
            description: input.description,
            created_at: createdAt,
            ...timing,
          })
          .execute();
        await writeGroups(trx, id, input);
        if (timing.notified_at !== null) {
          const notice = { type: 'generalNotice' as const, id, title: input.heading, ...timing };
          await published(trx, { ...notice, startsAt: timing.starts_at }, groupsOf(input));
        }
      });
      const { heading, contactEmail, description } = input;
      return {
        notifyNow: timing.notified_at !== null,
        notice: { _id: id, heading, contactEmail, description, createdAt, ...shownTiming(timing, input) },
      };
    },

    /**
     * The scheduled notices that have started by `now` and whose people were not told yet, each
     * claimed by one conditional update: of several instances checking at once, one tells.
     */
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

const shownTiming = (
  timing: { starts_at: string; ends_at: string | null; pinned: number; audience: NoticeAudienceKind },
  input: Targeting,
) => ({
  startsAt: timing.starts_at,
  endsAt: timing.ends_at,
  pinned: timing.pinned === 1,
  audience: { kind: timing.audience, groups: input.audience === 'groups' ? [...new Set(input.groups)] : [] },
});

async function writeGroups(trx: Db, id: string, input: Targeting): Promise<void> {
  if (input.audience !== 'groups' || input.groups.length === 0) return;
  await trx
    .insertInto('notice_audience_groups')
    .values([...new Set(input.groups)].map((group_name) => ({ notice_id: id, group_name })))
    .execute();
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
