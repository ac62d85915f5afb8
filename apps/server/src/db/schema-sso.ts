/** The tables of single sign-on (migration 0048). */
export interface SsoLoginsTable {
  /** SHA-256 of the random value in the browser's cookie, base64url. */
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
}

export interface SsoTables {
  sso_logins: SsoLoginsTable;
}
