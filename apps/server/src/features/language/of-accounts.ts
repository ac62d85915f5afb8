/** The languages people read what the server writes to them in (decision record 0090). */
import type { Language } from '@campus/contract';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import { inChunks } from '../../lib/chunks';
import { languageKeys } from './cache-keys';
import { knownLanguage } from './routes';

/**
 * Each account's language, by account id; English where unknown. With the read cache, from the
 * accounts that read in another language, kept in memory: a notification's write then waits for no
 * read of its people's languages.
 */
export async function languagesOf(
  db: Db,
  accountIds: readonly string[],
  cache?: ReadCache,
): Promise<Map<string, Language>> {
  if (!cache) return readLanguages(db, accountIds);
  const others = await cache.get(languageKeys.notEnglish(), async () => {
    const rows = await db
      .selectFrom('accounts')
      .select(['id', 'language'])
      .where('language', '!=', 'en')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.id, knownLanguage(row.language)]));
  });
  return new Map(accountIds.map((id) => [id, others[id] ?? 'en']));
}

/** Each account's language, by account id, in one read per thousand accounts; English where unknown. */
async function readLanguages(db: Db, accountIds: readonly string[]): Promise<Map<string, Language>> {
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
