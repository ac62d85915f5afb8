/** The auth feature's cached reads (decision record 0080). */
import { cachedRead, type CachedTable } from '../../db/read-cache';

/** The tables a principal is read from: a write to any of them (a sign-out, say) drops cached ones. */
const PRINCIPAL_TABLES: readonly CachedTable[] = ['sessions', 'accounts', 'students'];

export const authKeys = {
  /** The principal behind a live session (the cache counts `session` reads apart: `ReadCache.stats`). */
  session: (sessionId: string, accountId: string) =>
    cachedRead(['session', sessionId, accountId], PRINCIPAL_TABLES),
};
