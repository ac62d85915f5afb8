/** Mentor notices, events and general notices: all the SQL of the notices domain. */
import type { EventNotice, GeneralNotice, MentorNotice } from '@campus/contract';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';

export interface NewMentorNotice {
  heading: string;
  description: string;
}
export interface NewEventNotice {
  eventName: string;
  hostBy: string;
  contactEmail: string;
  date: string;
  time: string;
  description: string;
}
export interface NewGeneralNotice {
  heading: string;
  contactEmail: string;
  description: string;
}

export function noticesRepository(db: Db) {
  return {
    /**
     * Newest first; ties on the timestamp broken by id so that pages never overlap. With `mentorsOf`
     * (a roll number), only the notices of the teachers who mentor that student's group.
     */
    async listMentorNotices(
      page: Page,
      executor: Db = db,
      mentorsOf?: number,
    ): Promise<Listed<MentorNotice>> {
      let query = executor
        .selectFrom('mentor_notices')
        .select(['id', 'teacher_name', 'email', 'heading', 'description', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      if (mentorsOf !== undefined) {
        query = query.where('author_id', 'in', (eb) =>
          eb
            .selectFrom('teacher_groups as tg')
            .innerJoin('students as s', 's.group_name', 'tg.group_name')
            .select('tg.teacher_account_id')
            .where('s.roll_no', '=', mentorsOf),
        );
      }
      return mapItems(await listPage(query, page), (r) => ({
        _id: r.id,
        teacherName: r.teacher_name,
        email: r.email,
        heading: r.heading,
        description: r.description,
        createdAt: r.created_at,
      }));
    },

    async listEvents(page: Page, executor: Db = db): Promise<Listed<EventNotice>> {
      const query = executor
        .selectFrom('events')
        .select(['id', 'event_name', 'host_by', 'contact_email', 'date', 'time', 'description', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return mapItems(await listPage(query, page), (r) => ({
        _id: r.id,
        eventName: r.event_name,
        hostBy: r.host_by,
        contactEmail: r.contact_email,
        date: r.date,
        time: r.time,
        description: r.description,
        createdAt: r.created_at,
      }));
    },

    async listGeneralNotices(page: Page, executor: Db = db): Promise<Listed<GeneralNotice>> {
      const query = executor
        .selectFrom('notices')
        .select(['id', 'heading', 'contact_email', 'description', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return mapItems(await listPage(query, page), (r) => ({
        _id: r.id,
        heading: r.heading,
        contactEmail: r.contact_email,
        description: r.description,
        createdAt: r.created_at,
      }));
    },

    /**
     * A mentor notice signed with the author's own name and email from the teachers table, in one
     * statement; undefined when the account is not a teacher.
     */
    async createMentorNotice(
      authorId: string,
      input: NewMentorNotice,
      executor: Db = db,
    ): Promise<MentorNotice | undefined> {
      const id = newId();
      const createdAt = nowIso();
      const row = await executor
        .insertInto('mentor_notices')
        .columns(['id', 'author_id', 'teacher_name', 'email', 'heading', 'description', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('teachers')
            .select((s) => [
              s.val(id).as('id'),
              'teachers.account_id',
              'teachers.name',
              'teachers.email',
              s.val(input.heading).as('heading'),
              s.val(input.description).as('description'),
              s.val(createdAt).as('created_at'),
            ])
            .where('teachers.account_id', '=', authorId),
        )
        .returning(['teacher_name', 'email'])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        _id: id,
        teacherName: row.teacher_name,
        email: row.email,
        heading: input.heading,
        description: input.description,
        createdAt,
      };
    },

    async createEvent(authorId: string, input: NewEventNotice, executor: Db = db): Promise<EventNotice> {
      const notice = { _id: newId(), ...input, createdAt: nowIso() };
      await executor
        .insertInto('events')
        .values({
          id: notice._id,
          author_id: authorId,
          event_name: input.eventName,
          host_by: input.hostBy,
          contact_email: input.contactEmail,
          date: input.date,
          time: input.time,
          description: input.description,
          created_at: notice.createdAt,
        })
        .execute();
      return notice;
    },

    async createGeneralNotice(
      authorId: string,
      input: NewGeneralNotice,
      executor: Db = db,
    ): Promise<GeneralNotice> {
      const notice = { _id: newId(), ...input, createdAt: nowIso() };
      await executor
        .insertInto('notices')
        .values({
          id: notice._id,
          author_id: authorId,
          heading: input.heading,
          contact_email: input.contactEmail,
          description: input.description,
          created_at: notice.createdAt,
        })
        .execute();
      return notice;
    },
  };
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
