/** The languages people read what the server writes to them in (decision record 0090). */
import type { Language } from '@campus/contract';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { knownLanguage } from './routes';

/** Each account's language, by account id, in one read per thousand accounts; English where unknown. */
export async function languagesOf(db: Db, accountIds: readonly string[]): Promise<Map<string, Language>> {
  const found = new Map<string, Language>();
  await inChunks([...new Set(accountIds)], async (chunk) => {
    const rows = await db
      .selectFrom('accounts')
      .select(['id', 'language'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) found.set(row.id, knownLanguage(row.language));
  });
  return found;
}
