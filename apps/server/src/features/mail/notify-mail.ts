/**
 * The mails that follow notifications (decision record 0034): each is mailed at once, kept for the
 * day's digest, or not mailed, by the person's choice for its kind of mail.
 */
import { DEFAULT_MAIL_MODES, type MailKind, type MailMode, type NotificationKind } from '@campus/contract';
import { inChunks } from '../../lib/chunks';
import { newId } from '../../lib/ids';
import { iso, type MailContext } from './context';
import type { MailQueue, OutgoingMail } from './queue';
import { footer, recipientsOf, type Recipient } from './recipients';
import { MAIL_WORDS } from './words';

export interface NotifiedItem {
  accountId: string;
  kind: NotificationKind;
  text: string;
  link: string | null;
}

export const KIND_OF_NOTIFICATION: Record<NotificationKind, MailKind> = {
  'gatepass.decided': 'gatePassDecided',
  'query.answered': 'queryAnswered',
  'notice.mentor': 'notices',
  'notice.posted': 'notices',
  'gatepass.requested': 'menteeRequests',
  'support.received': 'supportMessages',
  // Leave is decided and asked for like a gate pass: the same settings carry it.
  'leave.decided': 'gatePassDecided',
  'leave.requested': 'menteeRequests',
  // A mentee out past their return time: for the mentor, like the mentee's requests.
  'gatepass.overdue': 'menteeRequests',
  'attendance.risk': 'attendanceRisk',
};

type ModesFor = (accountIds: readonly string[], kind: MailKind) => Promise<Map<string, MailMode>>;

export function notifyMail(ctx: MailContext, modesFor: ModesFor) {
  const { db, now } = ctx;

  /** Queues the mails of one kind's items at once, and keeps the rest for the digest as each chose. */
  async function mailKind(queue: MailQueue, kind: MailKind, list: NotifiedItem[]) {
    const ids = list.map((i) => i.accountId);
    const [people, modes] = await Promise.all([recipientsOf(db, ids), modesFor(ids, kind)]);
    const digest: {
      id: string;
      account_id: string;
      kind: string;
      text: string;
      created_at: string;
      mail_id: null;
    }[] = [];
    for (const item of list) {
      const who = people.get(item.accountId);
      if (!who) continue;
      const mode = modes.get(item.accountId) ?? DEFAULT_MAIL_MODES[kind];
      if (mode === 'off') continue;
      if (mode === 'digest') {
        digest.push({
          id: newId(),
          account_id: who.accountId,
          kind,
          text: item.text,
          created_at: iso(now()),
          mail_id: null,
        });
        continue;
      }
      await queue.enqueue(atOnceMail(ctx, who, kind, item));
    }
    await inChunks(
      digest,
      async (chunk) => {
        await db.insertInto('mail_digest_items').values(chunk).execute();
      },
      300,
    );
  }

  /** Notifications were written: mails are queued or kept for the digest as each person chose. */
  async function notified(items: readonly NotifiedItem[]): Promise<void> {
    const { queue } = ctx;
    if (!queue || items.length === 0) return;
    const byKind = new Map<MailKind, NotifiedItem[]>();
    for (const item of items) {
      const kind = KIND_OF_NOTIFICATION[item.kind];
      byKind.set(kind, [...(byKind.get(kind) ?? []), item]);
    }
    for (const [kind, list] of byKind) await mailKind(queue, kind, list);
  }

  return { notified };
}

function atOnceMail(ctx: MailContext, who: Recipient, kind: MailKind, item: NotifiedItem): OutgoingMail {
  // In the person's language (decision record 0090): the item's text was written in it already.
  const words = MAIL_WORDS[who.language];
  const link = item.link ? `\n\n${words.open(`${ctx.publicUrl}${item.link}`)}` : '';
  const end = who.language === 'hi' ? '।' : '.';
  return {
    to: who.email,
    subject: item.text,
    text: `${words.hello(who.name)}\n\n${item.text}${end}${link}\n\n${footer(ctx, who, kind, 'at once')}\n`,
    kind,
    unsubscribeUrl: ctx.unsubscribeUrl({ type: 'account', accountId: who.accountId, kind }),
  };
}
