/**
 * Push for guardians (decision records 0088 and 0093): what a guardian chose to hear of at once is
 * also pushed to each of their devices, with a title in their language and a link to the child's
 * screen. The per-kind choice is the guardian's notification settings, so "Off" stops push too.
 */
import { PATHS } from '@campus/contract';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { knownLanguage } from '../language/routes';
import type { GuardianPusher } from '../mail/context';
import { GUARDIAN_WORDS } from '../mail/guardian-words';
import type { OutgoingPush } from './queue';
import type { PushService } from './service';

export function guardianPusher(db: Db, push: PushService): GuardianPusher {
  async function queue({ accountIds, kind, rollNo }: Parameters<GuardianPusher>[0]): Promise<void> {
    const url =
      kind === 'notices'
        ? PATHS.guardian.notices
        : rollNo === undefined
          ? PATHS.guardian.home
          : `${PATHS.guardian.home}?child=${rollNo}`;
    const messages: OutgoingPush[] = [];
    await inChunks(await push.subscriptions.withDevices(accountIds), async (chunk) => {
      // Only the devices of these guardians' own accounts, still active.
      const rows = await db
        .selectFrom('push_subscriptions as p')
        .innerJoin('accounts as a', 'a.id', 'p.account_id')
        .select(['p.id', 'p.account_id', 'a.language'])
        .where('p.account_id', 'in', chunk)
        .where('a.role', '=', 'guardian')
        .where('a.deactivated_at', 'is', null)
        .where('a.erased_at', 'is', null)
        .execute();
      for (const row of rows)
        messages.push({
          subscriptionId: row.id,
          accountId: row.account_id,
          payload: {
            title: GUARDIAN_WORDS[knownLanguage(row.language)].pushTitles[kind],
            url,
            tag: `guardian.${kind} ${url}`.slice(0, 200),
          },
          urgency: kind === 'notices' ? 'normal' : 'high',
        });
    });
    if ((await push.queue.enqueue(messages)) > 0) push.deliverSoon();
  }
  // Apart from the mail that tells the same news: a push that cannot be queued is only logged.
  return (news) => {
    if (news.accountIds.length > 0) push.track(queue(news));
    return Promise.resolve();
  };
}
