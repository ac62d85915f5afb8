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

/** A guardian's choice for one child and one kind of news (migration 0054, decision record 0093). */
export interface GuardianMailModesTable {
  guardian_account_id: string;
  roll_no: number;
  kind: string;
  mode: string;
}

/** News kept for a guardian's daily digest; `mail_id` once a digest took it. */
export interface GuardianDigestItemsTable {
  id: string;
  guardian_account_id: string;
  kind: string;
  text: string;
  created_at: string;
  mail_id: string | null;
}

/** A consent link mailed to a guardian (migration 0053, decision record 0092): one pass, one guardian, used once. */
export interface GatePassConsentsTable {
  id: string;
  gatepass_id: string;
  guardian_account_id: string;
  created_at: string;
  /** The pass's start: the link works until then. */
  expires_at: string;
  used_at: string | null;
}

export interface GuardianTables {
  guardians: GuardiansTable;
  guardian_links: GuardianLinksTable;
  guardian_codes: GuardianCodesTable;
  gate_pass_consents: GatePassConsentsTable;
  guardian_mail_modes: GuardianMailModesTable;
  guardian_digest_items: GuardianDigestItemsTable;
}
