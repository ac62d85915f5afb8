/** Table types of guardians (migration 0052, decision record 0091). */
import type { Generated } from 'kysely';

export interface GuardiansTable {
  account_id: string;
  name: string;
  /** In lower case. */
  email: string;
  phone_no: string | null;
  created_at: string;
}

/** A guardian of a student: `relation` is how the family says it ("Mother", "Uncle"). */
export interface GuardianLinksTable {
  guardian_account_id: string;
  roll_no: number;
  relation: string;
  created_at: string;
}

/** A one-time sign-in code: only its hash is kept; used once, for ten minutes, five tries. */
export interface GuardianCodesTable {
  id: string;
  account_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

export interface GuardianTables {
  guardians: GuardiansTable;
  guardian_links: GuardianLinksTable;
  guardian_codes: GuardianCodesTable;
}
