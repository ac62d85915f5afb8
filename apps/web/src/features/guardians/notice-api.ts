/** A guardian's notices and notification settings (decision record 0093). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardianModesUpdate, GuardianNotice, GuardianNotificationSettings } from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchPage } from '../../lib/pages';

export const NOTICE_PAGE_SIZE = 10;

export function useGuardianNotices(page: number) {
  return useQuery({
    queryKey: ['guardian', 'notices', page],
    queryFn: ({ signal }) =>
      fetchPage<GuardianNotice>(
        '/api/guardian/notices',
        {},
        { limit: NOTICE_PAGE_SIZE, offset: page * NOTICE_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

const SETTINGS_KEY = ['guardian', 'notification-settings'];

export function useGuardianSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api<GuardianNotificationSettings>('/api/guardian/notification-settings'),
  });
}

export function useSaveGuardianSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardianModesUpdate) =>
      api<{ message: string; settings: GuardianNotificationSettings }>(
        '/api/guardian/notification-settings',
        {
          method: 'PUT',
          body,
        },
      ),
    onSuccess: ({ settings }) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}
