/** API clients' SQL (decision record 0083): the token itself is never stored, only its SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';
import { API_SCOPES, API_TOKEN_PREFIX, type ApiClient, type ApiScope } from '@campus/contract';
import type { Db } from '../../db/index';
import { newId } from '../../lib/ids';

/** 32 random bytes: 256 bits, far past guessing, so a fast hash (no salt, no stretching) is enough. */
const TOKEN_BYTES = 32;
/** `cp_` and this many characters of the token are shown to tell tokens apart. */
const HINT_CHARACTERS = 6;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

export const scopesOf = (text: string): ApiScope[] =>
  text.split(' ').filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s));

interface ClientRow {
  id: string;
  name: string;
  token_hint: string;
  scopes: string;
  per_minute: number;
  created_at: string;
  creator_name: string | null;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const clientOf = (row: ClientRow): ApiClient => ({
  id: row.id,
  name: row.name,
  scopes: scopesOf(row.scopes),
  tokenHint: `${row.token_hint}…`,
  perMinute: row.per_minute,
  createdAt: row.created_at,
  createdBy: row.creator_name,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

export interface NewClient {
  name: string;
  scopes: readonly ApiScope[];
  perMinute: number;
  expiresAt: string;
  createdBy: string;
  createdAt: string;
}

export function integrationsRepository(db: Db) {
  const listed = () =>
    db
      .selectFrom('api_clients')
      .leftJoin('admins', 'admins.account_id', 'api_clients.created_by')
      .select([
        'api_clients.id',
        'api_clients.name',
        'api_clients.token_hint',
        'api_clients.scopes',
        'api_clients.per_minute',
        'api_clients.created_at',
        'admins.name as creator_name',
        'api_clients.expires_at',
        'api_clients.last_used_at',
        'api_clients.revoked_at',
      ]);

  const one = async (id: string): Promise<ApiClient | undefined> => {
    const row = await listed().where('api_clients.id', '=', id).executeTakeFirst();
    return row && clientOf(row);
  };

  return {
    one,

    /** Every client, newest first: a campus has a handful. */
    async list(): Promise<ApiClient[]> {
      const rows = await listed()
        .orderBy('api_clients.created_at', 'desc')
        .orderBy('api_clients.id', 'desc')
        .execute();
      return rows.map(clientOf);
    },

    /** Makes a client and answers it with its token, which nothing keeps but the hash. */
    async create(client: NewClient): Promise<{ client: ApiClient; token: string }> {
      const token = newToken();
      const id = newId();
      await db
        .insertInto('api_clients')
        .values({
          id,
          name: client.name,
          token_hash: hashToken(token),
          token_hint: token.slice(0, API_TOKEN_PREFIX.length + HINT_CHARACTERS),
          scopes: client.scopes.join(' '),
          per_minute: client.perMinute,
          created_by: client.createdBy,
          created_at: client.createdAt,
          expires_at: client.expiresAt,
        })
        .execute();
      return { client: (await one(id))!, token };
    },

    /** Revokes a client; one revoked already keeps its first revocation. Undefined: no such client. */
    async revoke(id: string, by: string, at: string): Promise<ApiClient | undefined> {
      await db
        .updateTable('api_clients')
        .set({ revoked_at: at, revoked_by: by })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      return one(id);
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof integrationsRepository>;
