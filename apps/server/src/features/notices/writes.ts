/** Writing notices: each kind created with its targeting, its groups and its webhook (record 0085). */
import {
  audienceNamesGroups,
  type EventNotice,
  type GeneralNotice,
  type MentorNotice,
  type NoticeType,
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
  /** Writes a new notice's groups and, once it has started, its webhook, beside its row. */
  const afterInsert = async (
    trx: Db,
    row: NewRow,
    notice: { type: NoticeType; title: string },
    input: Targeting,
  ) => {
    await writeGroups(trx, row.id, input);
    if (row.notified_at !== null) {
      const { id, audience, starts_at: startsAt } = row;
      await published(trx, { ...notice, id, audience, startsAt }, groupsOf(input));
    }
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
      const { heading, description } = input;
      const row = newRow(authorId, input, now);
      const teacher = await db.transaction().execute(async (trx) => {
        const author = await trx
          .selectFrom('teachers')
          .select(['name', 'email'])
          .where('account_id', '=', authorId)
          .executeTakeFirst();
        if (!author) return undefined;
        await trx
          .insertInto('mentor_notices')
          .values({ ...row, teacher_name: author.name, email: author.email, heading, description })
          .execute();
        await afterInsert(trx, row, { type: 'mentorNotice', title: heading }, input);
        return author;
      });
      if (!teacher) return undefined;
      return answer(row, input, { teacherName: teacher.name, email: teacher.email, heading, description });
    },

    async createEvent(
      authorId: string,
      input: NewEventNotice,
      now: string,
    ): Promise<{ notice: EventNotice; notifyNow: boolean }> {
      const { eventName, hostBy, contactEmail, date, time, description } = input;
      const row = newRow(authorId, input, now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('events')
          .values({
            ...row,
            event_name: eventName,
            host_by: hostBy,
            contact_email: contactEmail,
            date,
            time,
            description,
          })
          .execute();
        await afterInsert(trx, row, { type: 'eventNotice', title: eventName }, input);
      });
      return answer(row, input, { eventName, hostBy, contactEmail, date, time, description });
    },

    async createGeneralNotice(
      authorId: string,
      input: NewGeneralNotice,
      now: string,
    ): Promise<{ notice: GeneralNotice; notifyNow: boolean }> {
      const { heading, contactEmail, description } = input;
      const row = newRow(authorId, input, now);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notices')
          .values({ ...row, heading, contact_email: contactEmail, description })
          .execute();
        await afterInsert(trx, row, { type: 'generalNotice', title: heading }, input);
      });
      return answer(row, input, { heading, contactEmail, description });
    },
  };
}

/** A new notice's own columns: its id, author, creation and targeting; told now if it starts now. */
function newRow(authorId: string, input: Targeting, now: string) {
  const startsAt = input.startsAt ? new Date(input.startsAt).toISOString() : now;
  return {
    id: newId(),
    author_id: authorId,
    created_at: nowIso(),
    starts_at: startsAt,
    ends_at: input.endsAt ? new Date(input.endsAt).toISOString() : null,
    pinned: input.pinned ? 1 : 0,
    audience: input.audience,
    notified_at: startsAt <= now ? now : null,
  };
}
type NewRow = ReturnType<typeof newRow>;

/** The answer of a create: the new notice (its kind's own fields `own`) and whether to tell now. */
const answer = <T>(row: NewRow, input: Targeting, own: T) => ({
  notifyNow: row.notified_at !== null,
  notice: {
    _id: row.id,
    ...own,
    createdAt: row.created_at,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    pinned: row.pinned === 1,
    audience: {
      kind: row.audience,
      groups: audienceNamesGroups(input.audience) ? [...new Set(input.groups)] : [],
    },
  },
});

async function writeGroups(trx: Db, id: string, input: Targeting): Promise<void> {
  if (!audienceNamesGroups(input.audience) || input.groups.length === 0) return;
  await trx
    .insertInto('notice_audience_groups')
    .values([...new Set(input.groups)].map((group_name) => ({ notice_id: id, group_name })))
    .execute();
}
