/**
 * The chatbot's questions that found nothing, for admins to add phrasings and items from (decision
 * record 0072): one row per distinct question, with how often and when it was last asked, and no
 * account (the list is about the FAQ, not about who asked). And the FAQ item on applying for leave,
 * for a campus whose FAQ predates the leave feature; a new campus gets it from its seed.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

const LEAVE_ITEM = {
  // A fixed id: every database that gets the item by this migration gets the same one.
  id: '018f0000-0000-7000-8000-00000000fa01',
  question: 'How do I apply for leave?',
  answer:
    'Open Leave, choose the first and last day of your absence, give the reason, attach a document if you have one, and submit. Your mentor approves or rejects it.',
};

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('faq_unmatched')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_key', 'text', (c) => c.notNull().unique())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addColumn('first_asked_at', 'text', (c) => c.notNull())
    .addColumn('last_asked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faq_unmatched_last_idx').on('faq_unmatched').column('last_asked_at').execute();

  const { rows } = await sql<{ items: number | string; leave: number | string }>`
    select count(*) as items,
      sum(case when lower(question) like '%leave%' then 1 else 0 end) as leave
    from faq`.execute(db);
  const { items = 0, leave = 0 } = rows[0] ?? {};
  if (Number(items) === 0 || Number(leave ?? 0) > 0) return;
  await sql`
    insert into faq (id, position, question, answer)
    select ${LEAVE_ITEM.id}, coalesce(max(position), 0) + 1, ${LEAVE_ITEM.question}, ${LEAVE_ITEM.answer}
    from faq`.execute(db);
}
