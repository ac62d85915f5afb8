/** Guardian consent for gate passes (decision record 0092): answering, the mail's link, the setting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsentAnswer,
  ConsentAnswerResponse,
  ConsentLinkView,
  GuardianConsentSettings,
} from '@campus/contract';
import { api } from '../../lib/api-client';

/** A guardian's answer to one of their child's waiting passes, in the portal. */
export function useAnswerConsent(rollNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: ConsentAnswer }) =>
      api<ConsentAnswerResponse>(`/api/guardian/children/${rollNo}/gatepasses/${id}/consent`, {
        method: 'POST',
        body: { answer },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['guardian'] }),
  });
}

const linkQuery = (pass: string, token: string) =>
  `pass=${encodeURIComponent(pass)}&token=${encodeURIComponent(token)}`;

/** What the mail's link is for; opening it changes nothing. */
export function useConsentLink(pass: string, token: string) {
  return useQuery({
    queryKey: ['consent-link', pass, token],
    queryFn: () =>
      api<ConsentLinkView>(`/api/guardian/consent-link?${linkQuery(pass, token)}`, { auth: false }),
    retry: false,
    enabled: pass !== '' && token !== '',
  });
}

/** The confirmation page's button: the only request that acts. */
export function answerByLink(pass: string, token: string, answer: ConsentAnswer) {
  return api<ConsentAnswerResponse>('/api/guardian/consent-link', {
    method: 'POST',
    body: { pass, token, answer },
    auth: false,
  });
}

export function useConsentSettings() {
  return useQuery({
    queryKey: ['guardian-consent-settings'],
    queryFn: () => api<GuardianConsentSettings>('/api/guardian-consent-settings'),
  });
}

export function useSetConsentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardianConsentSettings) =>
      api<GuardianConsentSettings>('/api/guardian-consent-settings', { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(['guardian-consent-settings'], settings),
  });
}
