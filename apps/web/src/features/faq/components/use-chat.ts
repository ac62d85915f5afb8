/** The chatbot's conversation: suggested questions answered from the FAQ, and typed ones matched by the server. */
import { useRef, useState } from 'react';
import { CHATBOT_INITIAL_SUGGESTIONS, type FaqItem } from '@campus/contract';
import { useFaqQuestions, useMatchFaq } from '../api';

export type ChatMessage =
  | { id: number; from: 'user' | 'bot'; kind: 'text'; text: string }
  /** An FAQ answer, whose screen names link to the screens. */
  | { id: number; from: 'bot'; kind: 'answer'; text: string }
  /** Nothing in the FAQ clearly answers a typed question: offer the closest ones and the support form. */
  | { id: number; from: 'bot'; kind: 'support-offer'; suggestions: FaqItem[] }
  | { id: number; from: 'bot'; kind: 'error' };

type WithoutId<M> = M extends ChatMessage ? Omit<M, 'id'> : never;
type NewMessage = WithoutId<ChatMessage>;

export function useChat({ enabled }: { enabled: boolean }) {
  const questions = useFaqQuestions({ enabled });
  const match = useMatchFaq();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const nextId = useRef(0);

  const append = (...added: NewMessage[]) => {
    const numbered = added.map((m) => ({ ...m, id: nextId.current++ }));
    setMessages((current) => [...current, ...numbered]);
  };
  const markAnswered = (id: string) => setAnswered((current) => new Set(current).add(id));

  const remaining = (questions.data ?? []).filter((item) => !answered.has(item.id));
  const hasMore = remaining.length > CHATBOT_INITIAL_SUGGESTIONS;
  const suggestions = showAll ? remaining : remaining.slice(0, CHATBOT_INITIAL_SUGGESTIONS);

  function choose(item: FaqItem) {
    append(
      { from: 'user', kind: 'text', text: item.question },
      { from: 'bot', kind: 'answer', text: item.answer },
    );
    markAnswered(item.id);
  }

  function ask(question: string) {
    const q = question.trim();
    if (!q) return;
    append({ from: 'user', kind: 'text', text: q });
    match.mutate(q, {
      onSuccess: ({ match: item, suggestions }) => {
        if (!item) {
          append({ from: 'bot', kind: 'support-offer', suggestions });
          return;
        }
        append({ from: 'bot', kind: 'answer', text: item.answer });
        markAnswered(item.id);
      },
      onError: () => append({ from: 'bot', kind: 'error' }),
    });
  }

  return {
    messages,
    suggestions,
    hasMore,
    showAll,
    toggleShowAll: () => setShowAll((v) => !v),
    choose,
    ask,
    asking: match.isPending,
    questionsLoading: questions.isPending && enabled,
    questionsFailed: questions.isError,
  };
}

export type Chat = ReturnType<typeof useChat>;
