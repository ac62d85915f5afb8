/**
 * The outgoing mail queue (decision record 0034). A mail is a row; every instance's worker claims
 * due rows with a conditional UPDATE that only one of them can win (a lease), sends through SMTP,
 * and marks the row sent. A failure is tried again later, waiting twice as long each time, up to a
 * limit; a lease that ran out (its instance stopped mid-send) makes the mail due again. Each mail
 * keeps one Message-ID through every attempt, so a receiver can tell a repeat after a crash.
 */
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/index';

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

const iso = (ms: number) => new Date(ms).toISOString();

export function mailQueue(db: Db, settings: QueueSettings) {
  const owner = randomUUID();
  let transport: Transporter | undefined;
  const transporter = () => (transport ??= nodemailer.createTransport(settings.smtpUrl));

  /** Tries to take one mail: true when this worker won it. */
  async function claim(id: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('mail_queue')
      .set((eb) => ({
        status: 'sending',
        lease_owner: owner,
        lease_until: iso(Date.parse(at) + settings.leaseMs),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

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
      const attempts = mail.attempts;
      const failed = attempts >= settings.maxAttempts;
      await db
        .updateTable('mail_queue')
        .set({
          status: failed ? 'failed' : 'pending',
          lease_owner: null,
          lease_until: null,
          next_attempt_at: iso(settings.now() + settings.backoffMs * 2 ** (attempts - 1)),
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
      return failed ? 'failed' : 'retry';
    }
    await db
      .updateTable('mail_queue')
      .set({
        status: 'sent',
        sent_at: iso(settings.now()),
        lease_owner: null,
        lease_until: null,
        last_error: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
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
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: at,
          sent_at: null,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? id : undefined;
    },

    /** Claims the due mails it can win (at most `limit`), without sending them. */
    async claimDue(limit = 20): Promise<string[]> {
      const at = iso(settings.now());
      const candidates = await db
        .selectFrom('mail_queue')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
            eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      const won: string[] = [];
      for (const { id } of candidates) if (await claim(id, at)) won.push(id);
      return won;
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
