/** The chatbot FAQ: the public question list, the free-text matcher and the admins' editing calls. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaqItem, FaqItemRequest, FaqMatchResponse } from '@campus/contract';
import { api } from '../../lib/api-client';

export const faqKeys = {
  all: ['faq'] as const,
  questions: () => [...faqKeys.all, 'questions'] as const,
};

export function fetchFaqQuestions(): Promise<FaqItem[]> {
  return api<FaqItem[]>('/questions', { auth: false });
}

/** The FAQ in display order; the chatbot and the admin editor share this cache entry. */
export function useFaqQuestions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: faqKeys.questions(), queryFn: fetchFaqQuestions, enabled });
}

export function matchFaq(q: string): Promise<FaqMatchResponse> {
  return api<FaqMatchResponse>('/api/faq/match', { query: { q } });
}

export function useMatchFaq() {
  return useMutation({ mutationFn: matchFaq });
}

/** Every FAQ change refreshes the list, so the chatbot's suggestions follow at once. */
function useFaqChange<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqKeys.all }),
  });
}

export function useAddFaq() {
  return useFaqChange((body: FaqItemRequest) => api<FaqItem>('/api/faq', { method: 'POST', body }));
}

export function useUpdateFaq() {
  return useFaqChange(({ id, ...body }: FaqItemRequest & { id: string }) =>
    api<FaqItem>(`/api/faq/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
}

export function useDeleteFaq() {
  return useFaqChange((id: string) =>
    api<{ message: string }>(`/api/faq/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
