/**
 * Reset mails queued before their links were made at send time (decision record 0064) held a usable
 * token in `mail_queue.text_body`: their texts are dropped, and one not yet sent is not sent.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

const PURGED = 'This mail held a password reset link; its text is no longer kept.';

export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ status: 'failed', last_error: 'Withdrawn: its reset link was kept in clear' })
    .where('kind', '=', 'passwordReset')
    .where('status', 'in', ['pending', 'sending'])
    .execute();
  await db.updateTable('mail_queue').set({ text_body: PURGED }).where('kind', '=', 'passwordReset').execute();
}
