/** Support messages: all the SQL of the support domain. */
import { sql } from 'kysely';
import type { SupportMessage, SupportRequestParsed } from '@campus/contract';
import type { Db } from '../../db/index';
import type { SupportMessagesTable } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { containsPattern } from '../../lib/like';
import { listPage, mapItems, type Listed, type Page } from '../../lib/lists';

export interface SupportListOptions extends Page {
  search?: string | undefined;
}

function toMessage(row: SupportMessagesTable): SupportMessage {
  return {
    _id: row.id,
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
      const row: SupportMessagesTable = {
        id: newId(),
        name: input.name,
        email: input.email,
        role: input.role,
        query_type: input.queryType,
        message: input.message,
        created_at: nowIso(),
      };
      await db.insertInto('support_messages').values(row).execute();
      return toMessage(row);
    },

    /** Newest first; `search` looks case-insensitively in name, email and message. */
    async list({ limit, offset, search }: SupportListOptions): Promise<Listed<SupportMessage>> {
      let query = db.selectFrom('support_messages').selectAll();
      if (search) {
        const pattern = containsPattern(search);
        query = query.where((eb) =>
          eb.or(
            (['name', 'email', 'message'] as const).map(
              (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
            ),
          ),
        );
      }
      const page = await listPage(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), {
        limit,
        offset,
      });
      return mapItems(page, toMessage);
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
