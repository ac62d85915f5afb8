/** Table types of integrations (migration 0045, decision record 0083). */

/** An API client: its token is never stored, only the SHA-256 hash of it. */
export interface ApiClientsTable {
  id: string;
  name: string;
  token_hash: string;
  /** `cp_` and the token's first characters, to tell tokens apart on screen. */
  token_hint: string;
  /** Space-separated scope names. */
  scopes: string;
  per_minute: number;
  created_by: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface IntegrationTables {
  api_clients: ApiClientsTable;
}
