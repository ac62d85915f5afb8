/** Who an import runs for and when: the importer and each kind's plan both read it. */

/** Who imports: attendance is marked by them, and the audit log names them. */
export interface Importer {
  accountId: string;
  loginId: number | null;
  role: string | null;
}

export interface ImportContext {
  importer: Importer;
  /** The clock, in ms since the epoch. */
  now: number;
}
