/**
 * Start-up without a waterfall: for a signed-in visitor, the session check, the role area's shell, the
 * screen of the address being opened and that screen's first list are all requested at once, instead
 * of each waiting for the one before it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../features/auth/api';
import { getToken } from '../lib/session-store';
import { loadOnce } from '../lib/ready-lazy';
import { readClaims } from '../lib/token-claims';
import { screenAt } from './screens';

/** The role areas' code: their guard, shell and routes (areas.tsx), loaded once. */
export const loadArea = loadOnce(() => import('./areas').then((m) => m.default));

/**
 * Answers once the code of the screen at `pathname` has arrived (the role area and the screen's own
 * chunk), or failed to, for a visitor signed in to that screen's area; at once for anyone else.
 */
export function screenCode(pathname: string): Promise<unknown> {
  const token = getToken();
  const match = screenAt(pathname);
  if (!token || !match || readClaims(token)?.role !== match.role) return Promise.resolve();
  return Promise.all([loadArea(), match.screen.load()]).catch(() => undefined);
}

/** Answers when the screen's own first requests have settled (at once when it has none to start). */
export function preloadScreen(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const token = getToken();
  if (!token) return Promise.resolve();
  // Failures stay in the cache, where the guard and the screen read them; nothing to handle here.
  queryClient.query(sessionQuery(token)).catch(() => undefined);
  const match = screenAt(pathname);
  if (!match) return Promise.resolve();
  void loadArea().catch(() => undefined);
  void match.screen.load().catch(() => undefined);
  // Only for the token's own area: anyone else is sent home before the screen would show.
  const me = readClaims(token);
  if (me?.role !== match.role || !match.screen.prefetch) return Promise.resolve();
  return match.screen.prefetch(queryClient, me).catch(() => undefined);
}
