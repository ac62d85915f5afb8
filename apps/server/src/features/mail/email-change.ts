/**
 * A person's new email address is used only once a link sent to it is opened, and the old address
 * is told of the change (decision record 0075): otherwise anyone signed in as a student could send
 * that student's mail, reset links included, anywhere.
 */
import { randomBytes } from 'node:crypto';
import { EMAIL_VERIFY_HOURS } from '@campus/contract';
import type { Db } from '../../db/index';
import type { MailQueue } from './queue';
import { hashResetToken, secretLinkMark, type secretLinkTokens } from './tokens';

export interface EmailChange {
  accountId: string;
  name: string;
  loginId: number;
  oldEmail: string;
  newEmail: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Masks an address for a mail to someone else: "a****@campus.example.edu". */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  return `${email[0]}****${email.slice(at)}`;
}

export function emailChanges(
  db: Db,
  deps: { queue: MailQueue | undefined; tokens: ReturnType<typeof secretLinkTokens>; now: () => number },
) {
  const { queue, tokens, now } = deps;
  return {
    /** Keeps the new address waiting and mails both addresses; false where no mail is sent. */
    async request(change: EmailChange): Promise<boolean> {
      if (!queue) return false;
      const nonce = randomBytes(32).toString('base64url');
      const t = now();
      await db.transaction().execute(async (trx) => {
        // Only the newest address asked for can be confirmed.
        await trx.deleteFrom('email_changes').where('account_id', '=', change.accountId).execute();
        await trx
          .insertInto('email_changes')
          .values({
            token_hash: hashResetToken(tokens.tokenOf('verify', nonce)),
            account_id: change.accountId,
            new_email: change.newEmail,
            created_at: iso(t),
            expires_at: iso(t + EMAIL_VERIFY_HOURS * 3_600_000),
            used_at: null,
          })
          .execute();
        await queue.enqueue(confirmationMail(change, nonce), trx);
        await queue.enqueue(noticeToOldAddress(change), trx);
      });
      return true;
    },

    /** The account and address a confirmation token names, used once; undefined when it is not valid. */
    async confirm(token: string): Promise<{ accountId: string; email: string } | undefined> {
      const at = iso(now());
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('email_changes')
          .select(['account_id', 'new_email'])
          .where('token_hash', '=', hashResetToken(token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        if (!row) return undefined;
        const used = await trx
          .updateTable('email_changes')
          .set({ used_at: at })
          .where('token_hash', '=', hashResetToken(token))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return undefined;
        return { accountId: row.account_id, email: row.new_email };
      });
    },
  };
}

function confirmationMail(change: EmailChange, nonce: string) {
  return {
    to: change.newEmail,
    subject: 'Confirm your new Campus Portal email address',
    text: [
      `Hello ${change.name},`,
      '',
      `You asked to use this address for Campus Portal User ID ${change.loginId}. Open this link within ${EMAIL_VERIFY_HOURS} hours to confirm it:`,
      '',
      secretLinkMark('verify', nonce),
      '',
      'Until you do, your mail keeps going to your current address. If you did not ask, ignore this mail.',
      '',
    ].join('\n'),
    kind: 'emailVerify',
    unsubscribeUrl: null,
  };
}

function noticeToOldAddress(change: EmailChange) {
  return {
    to: change.oldEmail,
    subject: 'Your Campus Portal email address is being changed',
    text: [
      `Hello ${change.name},`,
      '',
      `Someone signed in as Campus Portal User ID ${change.loginId} asked to use ${maskedEmail(change.newEmail)} instead of this address.`,
      'Nothing changes until a link sent to the new address is opened.',
      '',
      'If this was not you, sign in and change your password at once, and tell the campus office.',
      '',
    ].join('\n'),
    kind: 'emailVerify',
    unsubscribeUrl: null,
  };
}
