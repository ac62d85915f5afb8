/**
 * The chatbot's questions that found nothing (decision record 0072): kept by their normalized text
 * with a count and the time last asked, without the asker, and bounded: the oldest beyond
 * UNMATCHED_CAP rows and any not asked for UNMATCHED_DAYS go.
 */
import type { FaqUnmatched } from '@campus/contract';
import type { Db } from '../../db/index';
import { newId } from '../../lib/ids';
import { normalize } from './text';

export const UNMATCHED_CAP = 500;
export const UNMATCHED_DAYS = 180;
/** The admins' list shows the most asked first, this many. */
const LISTED = 200;

export function unmatchedRepository(db: Db) {
  return {
    /** Counts one more asking of `question`, then prunes. */
    async record(question: string, now = new Date()): Promise<void> {
      const key = normalize(question);
      if (!key) return;
      const at = now.toISOString();
      await db
        .insertInto('faq_unmatched')
        .values({
          id: newId(now.getTime()),
          question_key: key,
          question,
          times: 1,
          first_asked_at: at,
          last_asked_at: at,
        })
        .onConflict((oc) =>
          oc.column('question_key').doUpdateSet((eb) => ({
            times: eb('faq_unmatched.times', '+', 1),
            question: eb.ref('excluded.question'),
            last_asked_at: eb.ref('excluded.last_asked_at'),
          })),
        )
        .execute();
      await this.prune(now);
    },

    /** Drops rows past the cap (least recently asked first) and rows not asked for UNMATCHED_DAYS. */
    async prune(now = new Date()): Promise<void> {
      const stale = new Date(now.getTime() - UNMATCHED_DAYS * 86_400_000).toISOString();
      const keptFrom = await db
        .selectFrom('faq_unmatched')
        .select('last_asked_at')
        .orderBy('last_asked_at', 'desc')
        .limit(1)
        .offset(UNMATCHED_CAP - 1)
        .executeTakeFirst();
      await db
        .deleteFrom('faq_unmatched')
        .where((eb) =>
          eb.or([
            eb('last_asked_at', '<', stale),
            ...(keptFrom ? [eb('last_asked_at', '<', keptFrom.last_asked_at)] : []),
          ]),
        )
        .execute();
    },

    /** The most asked first, then the most recent. */
    async list(): Promise<FaqUnmatched[]> {
      const rows = await db
        .selectFrom('faq_unmatched')
        .select(['id', 'question', 'times', 'first_asked_at', 'last_asked_at'])
        .orderBy('times', 'desc')
        .orderBy('last_asked_at', 'desc')
        .limit(LISTED)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        question: r.question,
        times: r.times,
        firstAskedAt: r.first_asked_at,
        lastAskedAt: r.last_asked_at,
      }));
    },

    /** Whether a row was removed. */
    async dismiss(id: string): Promise<boolean> {
      const result = await db.deleteFrom('faq_unmatched').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
