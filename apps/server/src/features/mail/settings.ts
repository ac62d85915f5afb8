/** Each person's choice, per kind of mail, of at once, daily digest or off; and one-click unsubscribing. */
import {
  DEFAULT_MAIL_MODES,
  MAIL_KIND_LABELS,
  MAIL_KINDS_BY_ROLE,
  type MailKind,
  type MailMode,
  type MailSettings,
  type MailSettingsUpdate,
  type Role,
} from '@campus/contract';
import { inChunks } from '../../lib/chunks';
import { iso, type MailContext } from './context';
import { recipientsOf } from './recipients';
import type { UnsubscribeTarget } from './tokens';

export function mailSettings(ctx: MailContext) {
  const { db } = ctx;

  /** The modes chosen for `kind`, by account; an account that never chose is missing (its default holds). */
  async function modesFor(accountIds: readonly string[], kind: MailKind): Promise<Map<string, MailMode>> {
    const modes = new Map<string, MailMode>();
    await inChunks([...new Set(accountIds)], async (chunk) => {
      const rows = await db
        .selectFrom('mail_settings')
        .select(['account_id', 'mode'])
        .where('kind', '=', kind)
        .where('account_id', 'in', chunk)
        .execute();
      for (const r of rows) modes.set(r.account_id, r.mode as MailMode);
    });
    return modes;
  }

  /** A person's choices, with the kinds their role can receive. */
  async function settingsOf(accountId: string, role: Role): Promise<MailSettings> {
    const who = (await recipientsOf(db, [accountId])).get(accountId);
    const rows = await db
      .selectFrom('mail_settings')
      .select(['kind', 'mode'])
      .where('account_id', '=', accountId)
      .execute();
    const modes = { ...DEFAULT_MAIL_MODES };
    for (const r of rows) if (r.kind in modes) modes[r.kind as MailKind] = r.mode as MailMode;
    return {
      emailEnabled: ctx.enabled,
      address: who?.email ?? '',
      kinds: [...MAIL_KINDS_BY_ROLE[role]],
      modes,
    };
  }

  async function setModes(accountId: string, update: MailSettingsUpdate): Promise<void> {
    for (const [kind, mode] of Object.entries(update)) {
      if (!mode) continue;
      await db
        .insertInto('mail_settings')
        .values({ account_id: accountId, kind, mode })
        .onConflict((oc) => oc.columns(['account_id', 'kind']).doUpdateSet({ mode }))
        .execute();
    }
  }

  /** Stops what an unsubscribe link names; answers the sentence to show. */
  async function unsubscribe(target: UnsubscribeTarget): Promise<string> {
    if (target.type === 'account') {
      const exists = await db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', target.accountId)
        .executeTakeFirst();
      if (exists) await setModes(target.accountId, { [target.kind]: 'off' });
      return `You will get no more "${MAIL_KIND_LABELS[target.kind]}" emails. You can turn them on again in your profile's email settings.`;
    }
    await db
      .insertInto('guardian_optouts')
      .values({ address: target.address, created_at: iso(ctx.now()) })
      .onConflict((oc) => oc.column('address').doNothing())
      .execute();
    return 'This address will get no more emails from Campus Portal about the student.';
  }

  return { modesFor, settingsOf, setModes, unsubscribe };
}
