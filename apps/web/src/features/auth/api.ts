/** Sign-in, identity and sign-out calls with their query and mutation hooks. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, Decoded, LoginRequest, LoginResponse, Role } from '@campus/contract';
import { api } from '../../lib/api-client';
import { clearToken, getToken } from '../../lib/session-store';

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
      try {
        await api('/api/logout', { method: 'POST', body: {} });
      } finally {
        clearToken();
      }
    },
    onSettled: () => queryClient.clear(),
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

export const isRole = (value: unknown): value is Role =>
  value === 'student' || value === 'teacher' || value === 'admin' || value === 'guard';
