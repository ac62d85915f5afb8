/**
 * The outgoing mail queue (decision record 0034). A mail is a row; every instance's worker claims
 * due rows with a conditional UPDATE that only one of them can win (a lease: db/leased-queue.ts),
 * sends through SMTP, and marks the row sent. A failure is tried again later, waiting twice as long
 * each time, up to a limit; a lease that ran out (its instance stopped mid-send) makes the mail due
 * again. Each mail keeps one Message-ID through every attempt, so a receiver can tell a repeat after
 * a crash.
 */
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/index';
import { freshLease, iso, leasedQueue } from '../../db/leased-queue';

export interface QueueSettings {
  smtpUrl: string;
  from: string;
  /** The host named in Message-IDs. */
  host: string;
  /** How long a claimed mail is this worker's before another may take it. */
  leaseMs: number;
  /** Attempts before a mail is given up as failed. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles with each further one. */
  backoffMs: number;
  now: () => number;
  /** Fills in what a mail may not keep in the queue (a reset link's token) as it is sent. */
  render?: (text: string, kind: string) => string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  unsubscribeUrl: string | null;
  /** At most one mail is queued per key. */
  dedupeKey?: string;
}

export function mailQueue(db: Db, settings: QueueSettings) {
  const lease = leasedQueue(db, { table: 'mail_queue', maxErrorLength: 500, ...settings });
  const { owner } = lease;
  let transport: Transporter | undefined;
  const transporter = () => (transport ??= nodemailer.createTransport(settings.smtpUrl));

  async function sendOne(id: string): Promise<'sent' | 'retry' | 'failed' | 'lost'> {
    const mail = await db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirst();
    if (!mail || mail.lease_owner !== owner) return 'lost';
    const headers: Record<string, string> = {};
    if (mail.unsubscribe_url) {
      headers['List-Unsubscribe'] = `<${mail.unsubscribe_url}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    try {
      await transporter().sendMail({
        from: settings.from,
        to: mail.to_address,
        subject: mail.subject,
        text: settings.render ? settings.render(mail.text_body, mail.kind) : mail.text_body,
        messageId: mail.message_id,
        headers,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return lease.fail({ id }, { attempts: mail.attempts, error: message });
    }
    await lease.release({ id }, { status: 'sent', sent_at: iso(settings.now()), last_error: null });
    return 'sent';
  }

  return {
    owner,

    /** Queues a mail; false when one with the same key is already queued. */
    async enqueue(mail: OutgoingMail, trx: Db = db): Promise<string | undefined> {
      const id = randomUUID();
      const at = iso(settings.now());
      const result = await trx
        .insertInto('mail_queue')
        .values({
          id,
          message_id: `<${id}@${settings.host}>`,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          unsubscribe_url: mail.unsubscribeUrl,
          kind: mail.kind,
          dedupe_key: mail.dedupeKey ?? null,
          ...freshLease(at),
          created_at: at,
          sent_at: null,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? id : undefined;
    },

    /** Claims the due mails it can win (at most `limit`), without sending them. */
    claimDue(limit = 20): Promise<string[]> {
      return lease.claimDue(limit);
    },

    sendClaimed: sendOne,

    /** Claims and sends what is due; answers how many were sent. */
    async deliverDue(limit = 20): Promise<number> {
      let sent = 0;
      for (const id of await this.claimDue(limit)) if ((await sendOne(id)) === 'sent') sent += 1;
      return sent;
    },

    close() {
      transport?.close();
    },
  };
}

export type MailQueue = ReturnType<typeof mailQueue>;
