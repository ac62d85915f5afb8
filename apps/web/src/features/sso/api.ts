/** The university sign-in (decision record 0086): whether it is on, and taking the session it made. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoSession, SsoStatus } from '@campus/contract';
import { api, ApiError, buildUrl } from '../../lib/api-client';

export const ssoStatusQuery = () =>
  queryOptions({
    queryKey: ['sso-status'],
    queryFn: () => api<SsoStatus>('/api/auth/sso/status', { auth: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSsoStatus() {
  return useQuery(ssoStatusQuery());
}

/** Where the button leads: the server starts the sign-in and sends the browser on to the university. */
export const SSO_START_URL = buildUrl('/api/auth/sso');

/**
 * The token of the session the university sign-in just made. Its cookie is HttpOnly and the app's
 * other calls leave cookies out, so this one call sends it, once.
 */
export async function takeSsoSession(): Promise<SsoSession> {
  const res = await fetch(buildUrl('/api/auth/sso/session'), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => ({}))) as Partial<SsoSession> & { message?: string };
  if (!res.ok || typeof body.token !== 'string' || !body.role) {
    throw new ApiError(res.status, body.message ?? 'No session', body.message);
  }
  return body as SsoSession;
}
