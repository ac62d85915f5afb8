/** Who a mail goes to, and the footer that tells them why they got it and how to stop it. */
import { MAIL_KIND_LABELS, PATHS, type MailKind, type Role } from '@campus/contract';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import type { MailContext } from './context';

export interface Recipient {
  accountId: string;
  role: Role;
  name: string;
  email: string;
  loginId: number;
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
      .select(['a.id', 'a.role', 'a.login_id', 's.name as sName', 's.email as sEmail'])
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
      });
    }
  });
  return found;
}

/** `how` is the mode the person chose for `kind`: "at once" or "daily digest". */
export const footer = (ctx: MailContext, who: Recipient, kind: MailKind, how: string) =>
  [
    '--',
    `Why you got this: your Campus Portal account (User ID ${who.loginId}) has "${MAIL_KIND_LABELS[kind]}: ${how}" in its email settings.`,
    `Change your email settings on your profile: ${ctx.publicUrl}${who.role === 'guard' ? PATHS.guard.desk : PATHS[who.role].profile}`,
    `Stop "${MAIL_KIND_LABELS[kind]}" emails with one click: ${ctx.unsubscribeUrl({ type: 'account', accountId: who.accountId, kind })}`,
  ].join('\n');
