/**
 * A person's new email address is used only once a link sent to it is opened, and the old address
 * is told of the change (decision record 0075): otherwise anyone signed in as a student could send
 * that student's mail, reset links included, anywhere.
 */
import { randomBytes } from 'node:crypto';
import { EMAIL_VERIFY_HOURS, type Language } from '@campus/contract';
import type { Db } from '../../db/index';
import type { MailQueue } from './queue';
import { knownLanguage } from '../language/routes';
import { hashResetToken, secretLinkMark, type secretLinkTokens } from './tokens';
import { ACCOUNT_MAIL_WORDS } from './words-account';

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
        // Both mails in the person's language (decision record 0090).
        const account = await trx
          .selectFrom('accounts')
          .select('language')
          .where('id', '=', change.accountId)
          .executeTakeFirst();
        const language = knownLanguage(account?.language);
        await queue.enqueue(confirmationMail(change, language, nonce), trx);
        await queue.enqueue(noticeToOldAddress(change, language), trx);
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

function confirmationMail(change: EmailChange, language: Language, nonce: string) {
  const words = ACCOUNT_MAIL_WORDS[language];
  return {
    to: change.newEmail,
    subject: words.confirm.subject,
    text: [
      words.hello(change.name),
      '',
      words.confirm.asked(change.loginId, EMAIL_VERIFY_HOURS),
      '',
      secretLinkMark('verify', nonce),
      '',
      words.confirm.until,
      '',
    ].join('\n'),
    kind: 'emailVerify',
    unsubscribeUrl: null,
  };
}

function noticeToOldAddress(change: EmailChange, language: Language) {
  const words = ACCOUNT_MAIL_WORDS[language];
  return {
    to: change.oldEmail,
    subject: words.oldAddress.subject,
    text: [
      words.hello(change.name),
      '',
      words.oldAddress.asked(change.loginId, maskedEmail(change.newEmail)),
      words.oldAddress.nothing,
      '',
      words.oldAddress.notYou,
      '',
    ].join('\n'),
    kind: 'emailVerify',
    unsubscribeUrl: null,
  };
}
