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
import { ACCOUNT_MAIL_WORDS } from './words-account';

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

/** The reset link's mail, in the person's language (decision record 0090). */
function resetMail(who: Recipient, nonce: string): OutgoingMail {
  const words = ACCOUNT_MAIL_WORDS[who.language];
  return {
    to: who.email,
    subject: words.reset.subject,
    text: [
      words.hello(who.name),
      '',
      words.reset.asked(who.loginId),
      words.reset.within(PASSWORD_RESET_MINUTES),
      '',
      secretLinkMark('reset', nonce),
      '',
      words.reset.ignore,
      '',
      '--',
      words.reset.why,
      '',
    ].join('\n'),
    kind: 'passwordReset',
    unsubscribeUrl: null,
  };
}
