/** Sign-in, identity and sign-out calls with their query and mutation hooks. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  Decoded,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  Role,
} from '@campus/contract';
import { ROLES } from '@campus/contract';
import { api } from '../../lib/api-client';
import { runBeforeSignOut } from '../../lib/before-sign-out';
import { beginSignOut, clearToken, getToken } from '../../lib/session-store';
import { releasePushAtSignOut } from '../push/device';

export const sessionKey = (token: string | null) => ['session', token] as const;

export function login(body: LoginRequest): Promise<Partial<LoginResponse>> {
  return api<Partial<LoginResponse>>('/api/login', { method: 'POST', body, auth: false });
}

export async function fetchDecoded(token: string): Promise<Decoded> {
  const res = await api<{ decoded: Decoded }>(`/api/post-data-from-token/${encodeURIComponent(token)}`);
  return res.decoded;
}

/** Who is signed in, resolved by the token-decoding endpoint (SPEC §6). */
export const sessionQuery = (token: string | null) =>
  queryOptions({
    queryKey: sessionKey(token),
    queryFn: () => fetchDecoded(token!),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSession() {
  return useQuery(sessionQuery(getToken()));
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      let answer: LogoutResponse;
      beginSignOut();
      try {
        // Marks made offline go before the session does, when there is a signal to send them.
        if (navigator.onLine) await runBeforeSignOut();
        // This browser stops being pushed the person's notifications (decision record 0088).
        await releasePushAtSignOut();
        answer = await api<LogoutResponse>('/api/logout', { method: 'POST', body: {} });
      } finally {
        clearToken();
      }
      // A session from the university sign-in is ended at the university too (record 0086).
      if (answer.endSessionUrl) window.location.assign(answer.endSessionUrl);
    },
    onSettled: () => queryClient.clear(),
    // Signing out works without a signal too: the token and what the device kept go at once.
    networkMode: 'always',
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api<{ message: string }>('/api/change-password', { method: 'POST', body }),
  });
}

export interface DemoAccount {
  role: Role;
  userId: number;
  note: string;
}
export function useDemoAccounts() {
  return useQuery({
    queryKey: ['demo-accounts'],
    queryFn: () =>
      api<{ demoPassword: string; accounts: DemoAccount[] }>('/api/demo-accounts', { auth: false }),
    staleTime: Infinity,
    retry: false,
  });
}

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
