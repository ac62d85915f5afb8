/** The day's digest: each person's waiting events gathered into one mail, once a day per person. */
import type { MailKind } from '@campus/contract';
import type { Db } from '../../db/index';
import { iso, type MailContext } from './context';
import type { MailQueue } from './queue';
import { footer, recipientsOf, type Recipient } from './recipients';
import { kindLabel, MAIL_WORDS } from './words';
import { DIGEST_WORDS } from './words-digest';

interface DigestItem {
  kind: string;
  text: string;
  created_at: string;
}

/** `digestHour`: the hour (UTC) from which the day's digests are sent. */
export function digests(ctx: MailContext, digestHour: number) {
  const { db, now } = ctx;

  /** Queues one person's digest for `day` with their waiting items; false if it was queued already. */
  async function digestOf(queue: MailQueue, who: Recipient, day: string): Promise<boolean> {
    const { accountId } = who;
    return db.transaction().execute(async (trx) => {
      const id = await queue.enqueue(
        {
          to: who.email,
          subject: 'Your Campus Portal digest',
          text: '',
          kind: 'digest',
          unsubscribeUrl: null,
          dedupeKey: `digest:${accountId}:${day}`,
        },
        trx,
      );
      if (!id) return false;
      await trx
        .updateTable('mail_digest_items')
        .set({ mail_id: id })
        .where('account_id', '=', accountId)
        .where('mail_id', 'is', null)
        .execute();
      await fillIn(trx, id, who);
      return true;
    });
  }

  /** Writes the digest mail `id`'s subject and text from the items it was given. */
  async function fillIn(trx: Db, id: string, who: Recipient): Promise<void> {
    const items = await trx
      .selectFrom('mail_digest_items')
      .select(['kind', 'text', 'created_at'])
      .where('mail_id', '=', id)
      .orderBy('created_at')
      .execute();
    await trx
      .updateTable('mail_queue')
      .set(digestMail(ctx, who, items))
      .where('id', '=', id)
      .execute();
  }

  /** Gathers each person's waiting digest events into one mail, once a day per person. */
  async function runDigests(): Promise<number> {
    const { queue } = ctx;
    if (!queue) return 0;
    const t = now();
    if (new Date(t).getUTCHours() < digestHour) return 0;
    const day = iso(t).slice(0, 10);
    const waiting = await db
      .selectFrom('mail_digest_items')
      .select('account_id')
      .distinct()
      .where('mail_id', 'is', null)
      .execute();
    const people = await recipientsOf(
      db,
      waiting.map((w) => w.account_id),
    );
    let queued = 0;
    for (const { account_id: accountId } of waiting) {
      const who = people.get(accountId);
      if (!who) continue;
      if (await digestOf(queue, who, day)) queued += 1;
    }
    return queued;
  }

  return { runDigests };
}

/**
 * The digest's subject, text and unsubscribe link, in the person's language: one link where it tells
 * of one kind of mail only.
 */
function digestMail(ctx: MailContext, who: Recipient, items: readonly DigestItem[]) {
  const words = DIGEST_WORDS[who.language];
  const kinds = [...new Set(items.map((i) => i.kind as MailKind))];
  const lines = kinds.flatMap((kind) => [
    `${kindLabel(who.language, kind)}:`,
    ...items
      .filter((i) => i.kind === kind)
      .map((i) => `- ${i.text} (${i.created_at.slice(0, 16).replace('T', ' ')} UTC)`),
    '',
  ]);
  const footers = kinds.map((kind) => footer(ctx, who, kind, 'daily digest')).join('\n');
  return {
    subject: words.subject(items.length),
    text_body: `${MAIL_WORDS[who.language].hello(who.name)}\n\n${words.intro}\n\n${lines.join('\n')}\n${words.open(`${ctx.publicUrl}/`)}\n\n${footers}\n`,
    unsubscribe_url:
      kinds.length === 1
        ? ctx.unsubscribeUrl({ type: 'account', accountId: who.accountId, kind: kinds[0]! })
        : null,
  };
}
