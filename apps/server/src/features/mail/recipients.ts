/** Who a mail goes to, and the footer that tells them why they got it and how to stop it. */
import { MAIL_KIND_LABELS, PATHS, type Language, type MailKind, type Role } from '@campus/contract';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { knownLanguage } from '../language/routes';
import type { MailContext } from './context';
import { MAIL_KIND_LABELS_HI, MAIL_WORDS } from './words';

export interface Recipient {
  accountId: string;
  role: Role;
  name: string;
  email: string;
  loginId: number;
  /** The language the person reads their mails in (decision record 0090). */
  language: Language;
}

/** The active accounts among `accountIds` that have an address, by account id. */
export async function recipientsOf(db: Db, accountIds: readonly string[]): Promise<Map<string, Recipient>> {
  const found = new Map<string, Recipient>();
  await inChunks([...new Set(accountIds)], async (chunk) => {
    const rows = await db
      .selectFrom('accounts as a')
      .leftJoin('students as s', 's.account_id', 'a.id')
      .leftJoin('teachers as t', 't.account_id', 'a.id')
      .leftJoin('admins as d', 'd.account_id', 'a.id')
      .select(['a.id', 'a.role', 'a.login_id', 'a.language', 's.name as sName', 's.email as sEmail'])
      .select(['t.name as tName', 't.email as tEmail', 'd.name as dName', 'd.email as dEmail'])
      .where('a.id', 'in', chunk)
      .where('a.deactivated_at', 'is', null)
      .execute();
    for (const r of rows) {
      const email = r.sEmail ?? r.tEmail ?? r.dEmail ?? '';
      if (!email.includes('@')) continue;
      found.set(r.id, {
        accountId: r.id,
        role: r.role,
        loginId: r.login_id,
        name: r.sName ?? r.tName ?? r.dName ?? '',
        email,
        language: knownLanguage(r.language),
      });
    }
  });
  return found;
}

/** `how` is the mode the person chose for `kind`: "at once" or "daily digest". */
export const footer = (ctx: MailContext, who: Recipient, kind: MailKind, how: 'at once' | 'daily digest') => {
  // In the person's language (decision record 0090); English word for word as before.
  const words = MAIL_WORDS[who.language];
  const label = who.language === 'hi' ? MAIL_KIND_LABELS_HI[kind] : MAIL_KIND_LABELS[kind];
  return [
    '--',
    words.why(who.loginId, `${label}: ${words.how[how]}`),
    words.change(`${ctx.publicUrl}${who.role === 'guard' ? PATHS.guard.desk : PATHS[who.role].profile}`),
    words.stop(label, ctx.unsubscribeUrl({ type: 'account', accountId: who.accountId, kind })),
  ].join('\n');
};
