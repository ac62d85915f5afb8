/**
 * Which tables a SQL statement writes or reads, from its text: how the change tracker knows what a
 * write changed on SQLite (db/changes.ts) without asking the database.
 */

/**
 * What a statement may change: some tables, everything, or nothing. A table named with `+` (see
 * `ADDS`) only gains rows.
 */
export type WriteTarget = readonly string[] | 'all' | null;

/**
 * Marks a table a statement only adds rows to (an insert that updates nothing on a conflict). Such a
 * write changes every read of the table except those that follow its existing rows (`existingRowsOf`).
 */
export const ADDS = '+';

const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;
const INSERT_OR_UPDATE =
  /^\s*(?:insert(?!\s+or\s+replace)(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?)\s+(?:"((?:[^"]|"")+)"|(\w+))/i;

const DELETE_FROM = /^\s*delete\s+from\s+(?:"((?:[^"]|"")+)"|(\w+))/i;

/**
 * Tables no foreign key refers to and no trigger watches (checked against the schema by a test): a
 * delete from one of them changes that table alone. Signing in prunes old sessions and clears its
 * failed attempts; were those deletes counted as changing everything, every sign-in would empty the
 * cache of the whole campus.
 */
export const LEAF_TABLES: ReadonlySet<string> = new Set([
  'notifications',
  'password_resets',
  'query_likes',
  'rate_limits',
  'sessions',
  'webhook_deliveries',
]);

/**
 * The tables a statement SQLite says may write (`readonly` false: an insert with `returning` is one,
 * though it answers rows) touches. Inserts and updates touch their own table (upserts too), and so
 * does a delete from a table nothing refers to (`LEAF_TABLES`); other deletes and replaces may
 * cascade through foreign keys, and anything else (DDL, pragmas) may change anything, so those count
 * as touching every table.
 */
export function writeTarget(text: string, readonly: boolean): WriteTarget {
  if (readonly || TRANSACTION_CONTROL.test(text)) return null;
  if (WITH.test(text)) return withTargets(text);
  const match = INSERT_OR_UPDATE.exec(text);
  const table = match?.[1]?.replaceAll('""', '"') ?? match?.[2];
  if (table) {
    const addsOnly = /^\s*insert/i.test(text) && !UPDATES_ON_CONFLICT.test(text);
    return [`${table.toLowerCase()}${addsOnly ? ADDS : ''}`];
  }
  const deleted = DELETE_FROM.exec(text);
  const from = (deleted?.[1]?.replaceAll('""', '"') ?? deleted?.[2])?.toLowerCase();
  return from !== undefined && LEAF_TABLES.has(from) ? [from] : 'all';
}

/** A statement of several parts (`with …`), whose row count is its last part's alone. */
export const WITH = /^\s*with\b/i;
/** An upsert: an insert that may change a row already there. */
const UPDATES_ON_CONFLICT = /\bon\s+conflict\b[^;]*?\bdo\s+update\b/i;
/** Every write inside a statement: `insert into`, `update` (not an upsert's `do update`), `delete from`. */
const WRITES_WITHIN = /\b(insert\s+into|(?<!\bdo\s+)update|delete\s+from)\s+(?:"((?:[^"]|"")+)"|(\w+))/gi;

/**
 * The tables a `with` statement writes (PostgreSQL runs inserts, updates and deletes as parts of
 * one): each insert or update its own table, each delete its table when nothing refers to it (as
 * above), and everything when a delete may cascade or when no write is found in it (something this
 * reading does not know, such as a function that writes).
 */
function withTargets(text: string): WriteTarget {
  const tables = new Set<string>();
  const writes = [...text.matchAll(WRITES_WITHIN)];
  for (const [n, write] of writes.entries()) {
    const [, verb, quoted, bare] = write;
    const table = (quoted?.replaceAll('""', '"') ?? bare!).toLowerCase();
    if (/^delete/i.test(verb!) && !LEAF_TABLES.has(table)) return 'all';
    // An insert is an upsert when its own text, up to the next write, says so: an upsert of a
    // counter in the same statement (a write's count against its allowance) leaves a question's
    // insert one that only adds rows.
    const own = text.slice(write.index, writes[n + 1]?.index);
    tables.add(/^insert/i.test(verb!) && !UPDATES_ON_CONFLICT.test(own) ? `${table}${ADDS}` : table);
  }
  return tables.size > 0 ? [...tables] : 'all';
}

const READ_FROM = /\b(?:from|join)\s+"((?:[^"]|"")+)"/gi;

/** The tables a read statement names (Kysely quotes every identifier). */
export function readTables(text: string): readonly string[] {
  return [...new Set([...text.matchAll(READ_FROM)].map((m) => m[1]!.replaceAll('""', '"').toLowerCase()))];
}
