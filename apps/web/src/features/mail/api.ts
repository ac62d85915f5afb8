/** Email settings (decision record 0034): my choices per kind, the campus's guardian settings, and whether email is on. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardianSettings, MailSettings, MailSettingsUpdate } from '@campus/contract';
import { api } from '../../lib/api-client';

export const mailStatusQuery = () =>
  queryOptions({
    queryKey: ['mail-status'],
    queryFn: () => api<{ emailEnabled: boolean }>('/api/mail/status', { auth: false }),
    staleTime: 5 * 60_000,
  });

export const mailSettingsQuery = () =>
  queryOptions({ queryKey: ['mail-settings'], queryFn: () => api<MailSettings>('/api/mail/settings') });

export function useMailStatus() {
  return useQuery(mailStatusQuery());
}

export function useMailSettings() {
  return useQuery(mailSettingsQuery());
}

export function useSetMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettingsUpdate) =>
      api<MailSettings>('/api/mail/settings', { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(['mail-settings'], settings),
  });
}

export function useGuardianSettings() {
  return useQuery({
    queryKey: ['guardian-settings'],
    queryFn: () => api<GuardianSettings>('/api/mail/guardian-settings'),
  });
}

export function useSetGuardianSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Omit<GuardianSettings, 'emailEnabled'>>) =>
      api<GuardianSettings>('/api/mail/guardian-settings', { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(['guardian-settings'], settings),
  });
}

export function forgotPassword(userId: string) {
  return api<{ message: string }>('/api/forgot-password', { method: 'POST', body: { userId }, auth: false });
}

export function resetPassword(token: string, newPassword: string) {
  return api<{ message: string }>('/api/reset-password', {
    method: 'POST',
    body: { token, newPassword },
    auth: false,
  });
}

/** Confirms a new email address with the token of the link mailed to it. */
export function verifyEmail(token: string) {
  return api<{ message: string }>('/api/verify-email', { method: 'POST', body: { token }, auth: false });
}
