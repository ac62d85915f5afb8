/** Writing notices: each kind created with its targeting, its groups and its webhook (record 0085). */
import {
  audienceNamesGroups,
  type EventNotice,
  type GeneralNotice,
  type MentorNotice,
  type NoticeAudienceKind,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';
import type { Webhooks } from '../webhooks/index';
import {
  publisher,
  type NewEventNotice,
  type NewGeneralNotice,
  type NewMentorNotice,
  type Targeting,
} from './visibility';

export function noticeWrites(db: Db, webhooks?: Webhooks) {
  const published = publisher(webhooks);
  const groupsOf = (input: Targeting) => (audienceNamesGroups(input.audience) ? input.groups : []);
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
  };
}

const shownTiming = (
  timing: { starts_at: string; ends_at: string | null; pinned: number; audience: NoticeAudienceKind },
  input: Targeting,
) => ({
  startsAt: timing.starts_at,
  endsAt: timing.ends_at,
  pinned: timing.pinned === 1,
  audience: {
    kind: timing.audience,
    groups: audienceNamesGroups(input.audience) ? [...new Set(input.groups)] : [],
  },
});

async function writeGroups(trx: Db, id: string, input: Targeting): Promise<void> {
  if (!audienceNamesGroups(input.audience) || input.groups.length === 0) return;
  await trx
    .insertInto('notice_audience_groups')
    .values([...new Set(input.groups)].map((group_name) => ({ notice_id: id, group_name })))
    .execute();
}
