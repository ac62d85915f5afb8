/**
 * Start-up without a waterfall: for a signed-in visitor, the session check, the role area's shell, the
 * screen of the address being opened and that screen's first list are all requested at once, instead
 * of each waiting for the one before it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../features/auth/api';
import { getToken } from '../lib/session-store';
import { screenAt } from './screens';

export function preloadScreen(queryClient: QueryClient, pathname: string): void {
  const token = getToken();
  if (!token) return;
  // Failures stay in the cache, where the guard and the screen read them; nothing to handle here.
  queryClient.query(sessionQuery(token)).catch(() => undefined);
  const match = screenAt(pathname);
  if (!match) return;
  void import('./areas');
  void match.screen.load();
  match.screen.prefetch?.(queryClient).catch(() => undefined);
}
