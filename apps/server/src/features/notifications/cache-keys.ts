/** The notifications feature's cached reads, and the rows its writes change (decision record 0080). */
import { accountRowsOf, type WrittenRows } from '../../db/changes';
import { cachedRead } from '../../db/read-cache';
import type { Page } from '../../lib/lists';

/** What a read of one person's notifications follows: their own rows alone. */
const own = (accountId: string) => [accountRowsOf('notifications', accountId)];

export const notificationKeys = {
  /** A page of one person's notifications, newest first. */
  list: (accountId: string, { limit, offset }: Page) =>
    cachedRead(['notifications', accountId, limit ?? 'all', offset], own(accountId)),
  /** How many of one person's notifications are unread (the bell). */
  unread: (accountId: string) => cachedRead(['notifications-unread', accountId], own(accountId)),
  /** A group's mentors, whom its students' requests notify. */
  mentorsOf: (group: string) => cachedRead(['mentors-of', group], ['teacher_groups']),
  /** A group's students' accounts, by roll number: whom its lectures' alerts tell. */
  accountsOf: (group: string) => cachedRead(['group-accounts', group], ['students']),
};

/** Notifications written for these accounts change only their rows. */
export const notificationWrites = (accountIds: readonly string[]): WrittenRows => ({
  notifications: accountIds,
});
