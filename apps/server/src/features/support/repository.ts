/** Support messages: all the SQL of the support domain. */
import { sql, type Insertable, type Selectable } from 'kysely';
import {
  SUPPORT_STATUSES,
  supportReference,
  type SupportMessage,
  type SupportRequestParsed,
  type SupportStatus,
  type SupportStatusCounts,
} from '@campus/contract';
import type { Db } from '../../db/index';
import type { SupportMessagesTable } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { containsPattern } from '../../lib/like';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';

export interface SupportListOptions extends Page {
  search?: string | undefined;
  status?: SupportStatus | undefined;
}

const REFERENCE = /^sr-?([0-9a-f]{8})$/i;

function toMessage(row: Selectable<SupportMessagesTable>): SupportMessage {
  return {
    _id: row.id,
    reference: supportReference(row.id),
    status: row.status as SupportStatus,
    name: row.name,
    email: row.email,
    role: row.role as SupportMessage['role'],
    queryType: row.query_type as SupportMessage['queryType'],
    message: row.message,
    createdAt: row.created_at,
  };
}

export function supportRepository(db: Db) {
  return {
    async add(input: SupportRequestParsed): Promise<SupportMessage> {
      const row = {
        id: newId(),
        name: input.name,
        email: input.email,
        role: input.role,
        query_type: input.queryType,
        message: input.message,
        created_at: nowIso(),
        status: 'new',
      } satisfies Insertable<SupportMessagesTable>;
      await db.insertInto('support_messages').values(row).execute();
      return toMessage(row);
    },

    /** Newest first; `search` looks case-insensitively in name, email and message. */
    async list({ limit, offset, search, status }: SupportListOptions): Promise<Listed<SupportMessage>> {
      let query = db.selectFrom('support_messages').selectAll();
      if (status) query = query.where('status', '=', status);
      if (search) {
        const pattern = containsPattern(search);
        // A reference number ("SR-3F2A9C1B") finds its message: the id ends with its hex digits.
        const reference = REFERENCE.exec(search.trim())?.[1]?.toLowerCase();
        query = query.where((eb) =>
          eb.or([
            ...(['name', 'email', 'message'] as const).map(
              (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
            ),
            ...(reference ? [eb('id', 'like', `%${reference}`)] : []),
          ]),
        );
      }
      const page = await listPage(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), {
        limit,
        offset,
      });
      return mapItems(page, toMessage);
    },

    /** Sets a message's status; undefined when there is no such message. */
    async setStatus(id: string, status: SupportStatus): Promise<SupportMessage | undefined> {
      await db.updateTable('support_messages').set({ status }).where('id', '=', id).execute();
      const row = await db.selectFrom('support_messages').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toMessage(row);
    },

    async statusCounts(): Promise<SupportStatusCounts> {
      const rows = await db
        .selectFrom('support_messages')
        .select(['status', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy('status')
        .execute();
      const counts = Object.fromEntries(SUPPORT_STATUSES.map((s) => [s, 0])) as SupportStatusCounts;
      for (const row of rows) {
        if ((SUPPORT_STATUSES as readonly string[]).includes(row.status)) {
          counts[row.status as SupportStatus] = Number(row.count);
        }
      }
      return counts;
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
