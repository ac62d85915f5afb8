/** The chatbot FAQ: the public question list, the free-text matcher and the admins' editing calls. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaqItem, FaqItemRequest, FaqMatchResponse, FaqUnmatched } from '@campus/contract';
import { api } from '../../lib/api-client';

export const faqKeys = {
  all: ['faq'] as const,
  questions: () => [...faqKeys.all, 'questions'] as const,
  unmatched: () => [...faqKeys.all, 'unmatched'] as const,
};

export function fetchFaqQuestions(): Promise<FaqItem[]> {
  return api<FaqItem[]>('/questions', { auth: false });
}

/** The FAQ in display order; the chatbot and the admin editor share this cache entry. */
export function useFaqQuestions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: faqKeys.questions(), queryFn: fetchFaqQuestions, enabled });
}

/** Asks the chatbot; a question it finds nothing for is kept for admins (without who asked). */
export function matchFaq(q: string): Promise<FaqMatchResponse> {
  return api<FaqMatchResponse>('/api/faq/ask', { method: 'POST', body: { q } });
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

/** The questions the chatbot found nothing for, most asked first (admins). */
export function useUnmatchedQuestions() {
  return useQuery({
    queryKey: faqKeys.unmatched(),
    queryFn: () => api<FaqUnmatched[]>('/api/faq/unmatched'),
  });
}

export function useDismissUnmatched() {
  return useFaqChange((id: string) =>
    api<{ message: string }>(`/api/faq/unmatched/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
