/**
 * Password reset links. The queued mail holds only a nonce; the link's token is made as the mail is
 * sent and only its hash is stored (decision record 0064), so no copy of the database can reset.
 */
import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_MINUTES } from '@campus/contract';
import { iso, type MailContext } from './context';
import type { OutgoingMail } from './queue';
import { recipientsOf, type Recipient } from './recipients';
import { hashResetToken, secretLinkMark, type secretLinkTokens } from './tokens';

export function passwordResets(ctx: MailContext, secretLinks: ReturnType<typeof secretLinkTokens>) {
  const { db, now } = ctx;

  /**
   * Queues a reset link for the account `loginId` names, if it exists, is active and has an
   * address; answers whether a mail was queued.
   */
  async function sendReset(loginId: number): Promise<boolean> {
    const { queue } = ctx;
    if (!queue) return false;
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('login_id', '=', loginId)
      .executeTakeFirst();
    const who = account && (await recipientsOf(db, [account.id])).get(account.id);
    if (!who) return false;
    const nonce = randomBytes(32).toString('base64url');
    const t = now();
    await db
      .insertInto('password_resets')
      .values({
        token_hash: hashResetToken(secretLinks.tokenOf('reset', nonce)),
        account_id: who.accountId,
        created_at: iso(t),
        expires_at: iso(t + PASSWORD_RESET_MINUTES * 60_000),
        used_at: null,
      })
      .execute();
    await queue.enqueue(resetMail(who, nonce));
    return true;
  }

  return { sendReset };
}

function resetMail(who: Recipient, nonce: string): OutgoingMail {
  return {
    to: who.email,
    subject: 'Choose a new Campus Portal password',
    text: [
      `Hello ${who.name},`,
      '',
      `Someone (we hope you) asked to choose a new password for Campus Portal User ID ${who.loginId}.`,
      `Open this link within ${PASSWORD_RESET_MINUTES} minutes to choose it; it works once:`,
      '',
      secretLinkMark('reset', nonce),
      '',
      'If you did not ask, ignore this mail: your password stays as it is.',
      '',
      '--',
      'Why you got this: a new password was asked for on the Campus Portal sign-in screen for the account with this email address. These mails are sent only when asked for.',
      '',
    ].join('\n'),
    kind: 'passwordReset',
    unsubscribeUrl: null,
  };
}
