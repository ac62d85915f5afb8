/** Every row of every table of a test's database, as text: for scans that a value is gone everywhere. */
import { sql } from 'kysely';
import type { DbHandle } from '../src/db/index';

export async function everyTable(handle: DbHandle): Promise<Record<string, string>> {
  const { db } = handle;
  const names =
    handle.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`
            select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  const text: Record<string, string> = {};
  for (const { name } of names) {
    const rows = (await sql`select * from ${sql.id(name)}`.execute(db)).rows;
    // Bytes (attachments) as text, so that a name inside a file is found too.
    const readable = rows.map((row) =>
      Object.values(row as object).map((v: unknown) =>
        v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : v,
      ),
    );
    text[name] = JSON.stringify(readable);
  }
  return text;
}
