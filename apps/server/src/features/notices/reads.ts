/**
 * Reading notices: each list as its reader may see it, the guardians' notices, and search
 * (decision records 0033 and 0093).
 */
import {
  audienceNamesGroups,
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  type EventNotice,
  type GeneralNotice,
  type GuardianNotice,
  type MentorNotice,
  type NoticeAudience,
  type NoticeAudienceKind,
  type NoticeSearchHit,
  type NoticeType,
} from '@campus/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { listPage, type Listed, type Page } from '../../lib/lists';
import { searchWords } from '../queries/search';
import { TABLES, visibleTo, type Scheduled, type Viewer } from './visibility';

export function noticeReads(db: Db, dialect: Dialect) {
  /** The audiences of the page's notices, for the viewers who are shown them. */
  const audiences = async (
    rows: readonly Scheduled[],
    viewer: Viewer,
  ): Promise<Map<string, NoticeAudience | undefined>> => {
    const shown = rows.filter((r) => viewer.role === 'admin' || r.author_id === viewer.accountId);
    const groups = new Map<string, string[]>();
    await inChunks(
      shown.filter((r) => audienceNamesGroups(r.audience as NoticeAudienceKind)).map((r) => r.id),
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

  /**
   * One page of a kind's notices (aliased `n`) that `viewer` may see, pinned first, then the latest
   * to start; ties broken by id so that pages never overlap. `shape` gives a kind's own fields.
   */
  const listed = async <DB, TB extends keyof DB, O extends Scheduled & { created_at: string }, T>(
    query: SelectQueryBuilder<DB, TB, O>,
    page: Page,
    viewer: Viewer,
    shape: (row: O) => T,
  ) => {
    const found = await listPage(
      query
        .where(visibleTo(viewer))
        .orderBy(sql`n.pinned`, 'desc')
        .orderBy(sql`n.starts_at`, 'desc')
        .orderBy(sql`n.id`, 'desc'),
      page,
    );
    const shown = await audiences(found.items, viewer);
    return {
      total: found.total,
      items: found.items.map((r) => ({
        _id: r.id,
        ...shape(r),
        createdAt: r.created_at,
        ...scheduling(r, shown.get(r.id)),
      })),
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
     * With `mentorsOf` (a roll number), only the notices of the teachers who mentor that student's
     * group.
     */
    async listMentorNotices(page: Page, viewer: Viewer, mentorsOf?: number): Promise<Listed<MentorNotice>> {
      let query = db
        .selectFrom('mentor_notices as n')
        .select([...SCHEDULED, 'teacher_name', 'email', 'heading', 'description']);
      if (mentorsOf !== undefined) {
        query = query.where('n.author_id', 'in', (eb) =>
          eb
            .selectFrom('teacher_groups as tg')
            .innerJoin('students as s', 's.group_name', 'tg.group_name')
            .select('tg.teacher_account_id')
            .where('s.roll_no', '=', mentorsOf),
        );
      }
      return listed(query, page, viewer, (r) => ({
        teacherName: r.teacher_name,
        email: r.email,
        heading: r.heading,
        description: r.description,
      }));
    },

    async listEvents(page: Page, viewer: Viewer): Promise<Listed<EventNotice>> {
      const query = db
        .selectFrom('events as n')
        .select([...SCHEDULED, 'event_name', 'host_by', 'contact_email', 'date', 'time', 'description']);
      return listed(query, page, viewer, (r) => ({
        eventName: r.event_name,
        hostBy: r.host_by,
        contactEmail: r.contact_email,
        date: r.date,
        time: r.time,
        description: r.description,
      }));
    },

    async listGeneralNotices(page: Page, viewer: Viewer): Promise<Listed<GeneralNotice>> {
      const query = db
        .selectFrom('notices as n')
        .select([...SCHEDULED, 'heading', 'contact_email', 'description']);
      return listed(query, page, viewer, (r) => ({
        heading: r.heading,
        contactEmail: r.contact_email,
        description: r.description,
      }));
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
     * The notices of every kind meant for a guardian (decision record 0093), pinned first, then the
     * latest to start; `viewer` is the guardian, so only their families' groups' notices are read.
     */
    async guardianNotices(page: Page, viewer: Viewer): Promise<Listed<GuardianNotice>> {
      const shown = visibleTo(viewer);
      const all = sql`
        select n.id, 'generalNotice' as type, n.heading as title, n.description,
          cast(null as text) as from_name, n.contact_email, cast(null as text) as event_date,
          cast(null as text) as event_time, n.starts_at, n.pinned from notices n where ${shown}
        union all
        select n.id, 'eventNotice', n.event_name, n.description, n.host_by, n.contact_email, n.date,
          n.time, n.starts_at, n.pinned from events n where ${shown}
        union all
        select n.id, 'mentorNotice', n.heading, n.description, n.teacher_name, n.email,
          cast(null as text), cast(null as text), n.starts_at, n.pinned from mentor_notices n where ${shown}`;
      // SQLite takes an offset only after a limit: no limit asked is every row.
      const paged = sql`limit ${page.limit ?? EVERY_ROW} offset ${page.offset}`;
      const [rows, counted] = await Promise.all([
        sql<GuardianNoticeRow>`select * from (${all}) as x
          order by x.pinned desc, x.starts_at desc, x.id desc ${paged}`.execute(db),
        sql<{ total: number | string }>`select count(*) as total from (${all}) as x`.execute(db),
      ]);
      return {
        total: Number(counted.rows[0]?.total ?? 0),
        items: rows.rows.map((r) => ({
          _id: r.id,
          type: r.type,
          title: r.title,
          description: r.description,
          from: r.from_name,
          contactEmail: r.contact_email,
          eventDate: r.event_date,
          eventTime: r.event_time,
          startsAt: r.starts_at,
          pinned: Number(r.pinned) === 1,
        })),
      };
    },
  };
}

/** The columns every kind's list reads to place and show its notices. */
const SCHEDULED = ['id', 'author_id', 'created_at', 'audience', 'starts_at', 'ends_at', 'pinned'] as const;

/** A limit no list reaches. */
const EVERY_ROW = 1_000_000;

interface GuardianNoticeRow {
  id: string;
  type: NoticeType;
  title: string;
  description: string;
  from_name: string | null;
  contact_email: string | null;
  event_date: string | null;
  event_time: string | null;
  starts_at: string;
  pinned: number | string;
}
