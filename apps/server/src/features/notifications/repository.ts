/** Notifications: all the SQL of the domain. A person reads and marks only their own. */
import type { Notification, NotificationKind } from '@campus/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { NotificationsTable } from '../../db/schema';
import { writingRows } from '../../db/changes';
import { inChunks } from '../../lib/chunks';
import { newId, nowIso } from '../../lib/ids';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';
import { notificationWrites } from './cache-keys';

export interface NewNotification {
  kind: NotificationKind;
  text: string;
  link: string | null;
}

/** Told of each batch of notifications written (email: decision record 0034). */
export type OnNotified = (
  items: { accountId: string; kind: NotificationKind; text: string; link: string | null }[],
) => Promise<void>;

/** A notification for each of a few accounts, to be written by a change in its own statement. */
export interface PreparedNotifications {
  /** The accounts told, whose notifications the statement writes (`notificationWrites`). */
  accountIds: readonly string[];
  rows: readonly Insertable<NotificationsTable>[];
  /** Once the statement committed: queues the mail these notifications bring. */
  written(): Promise<void>;
}

export function notificationRepository(db: Db, onNotified?: OnNotified) {
  /** The database, for writes that change only this account's notifications (db/changes.ts). */
  const mine = (accountId: string) => writingRows(db, notificationWrites([accountId]));

  const rowsOf = (
    items: readonly { accountId: string; notification: NewNotification }[],
    createdAt = nowIso(),
  ): Insertable<NotificationsTable>[] =>
    items.map(({ accountId, notification }) => ({
      id: newId(),
      account_id: accountId,
      ...notification,
      created_at: createdAt,
      read_at: null,
    }));
  const told = (items: readonly { accountId: string; notification: NewNotification }[]) =>
    onNotified?.(items.map(({ accountId, notification }) => ({ accountId, ...notification })));

  /** Writes one notification per item, all at the same time, each account's rows said to be its own. */
  const insert = async (items: readonly { accountId: string; notification: NewNotification }[]) => {
    const createdAt = nowIso();
    await inChunks(
      items,
      async (chunk) => {
        // Each account's rows are said to be its own (db/changes.ts).
        await writingRows(db, notificationWrites(chunk.map((item) => item.accountId)))
          .insertInto('notifications')
          .values(rowsOf(chunk, createdAt))
          .execute();
      },
      // Seven columns a row: 500 rows stay under SQLite's parameter limit with room to spare.
      500,
    );
    await told(items);
  };

  return {
    /**
     * One notification for each of a few accounts, for a change to write with itself (a gate pass
     * and its mentors' notifications: one statement on PostgreSQL). `notification` may be written
     * for each account, in that person's language.
     */
    prepare(
      accountIds: readonly string[],
      notification: NewNotification | ((accountId: string) => NewNotification),
    ): PreparedNotifications {
      const items = [...new Set(accountIds)].map((accountId) => ({
        accountId,
        notification: typeof notification === 'function' ? notification(accountId) : notification,
      }));
      return {
        accountIds: items.map((item) => item.accountId),
        rows: rowsOf(items),
        written: async () => {
          await told(items);
        },
      };
    },

    /** One notification for each account, written together; the same time for all. */
    async add(accountIds: readonly string[], notification: NewNotification): Promise<void> {
      await insert([...new Set(accountIds)].map((accountId) => ({ accountId, notification })));
    },

    /** A notification of its own for each account (one per item), written together; the same time for all. */
    async addEach(items: readonly { accountId: string; notification: NewNotification }[]): Promise<void> {
      await insert(items);
    },

    /** The account's notifications, newest first. */
    async list(accountId: string, page: Page): Promise<Listed<Notification>> {
      const query = db
        .selectFrom('notifications')
        .select(['id', 'kind', 'text', 'link', 'created_at', 'read_at'])
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return mapItems(await listPage(query, page), (row) => ({
        _id: row.id,
        kind: row.kind as NotificationKind,
        text: row.text,
        link: row.link,
        createdAt: row.created_at,
        read: row.read_at !== null,
      }));
    },

    async unreadCount(accountId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('account_id', '=', accountId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Marks one of the account's notifications read; false when it has none with that id. */
    async markRead(accountId: string, id: string): Promise<boolean> {
      const owned = await db
        .selectFrom('notifications')
        .select('read_at')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!owned) return false;
      if (owned.read_at === null) {
        await mine(accountId)
          .updateTable('notifications')
          .set({ read_at: nowIso() })
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .execute();
      }
      return true;
    },

    /** Marks the named ones of the account's notifications read (others' ids are ignored); answers how many were unread. */
    async markManyRead(accountId: string, ids: readonly string[]): Promise<number> {
      const result = await mine(accountId)
        .updateTable('notifications')
        .set({ read_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('id', 'in', [...new Set(ids)])
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Marks one of the account's notifications unread again; false when it has none with that id. */
    async markUnread(accountId: string, id: string): Promise<boolean> {
      const result = await mine(accountId)
        .updateTable('notifications')
        .set({ read_at: null })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks every unread notification of the account read; answers how many there were. */
    async markAllRead(accountId: string): Promise<number> {
      const result = await mine(accountId)
        .updateTable('notifications')
        .set({ read_at: nowIso() })
        .where('account_id', '=', accountId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Removes notifications made before `before` (ISO time); answers how many. */
    async prune(before: string): Promise<number> {
      const result = await db.deleteFrom('notifications').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type NotificationRepository = ReturnType<typeof notificationRepository>;
