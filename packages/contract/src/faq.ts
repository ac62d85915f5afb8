import { z } from 'zod';
import { IdSchema, requiredText } from './common.js';

export const FAQ_LIMITS = {
  question: 300,
  answer: 5000,
  /** The longest free-text question the chatbot sends to the matcher. */
  matchQuery: 300,
} as const;

/** A chatbot FAQ item (SPEC §3). `GET /questions` answers them in their display order. */
export const FaqItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;
export const FaqListSchema = z.array(FaqItemSchema);

/** `POST /api/faq` (appends at the end) and `PUT /api/faq/:id` body (admins). */
export const FaqItemRequestSchema = z.object(
  {
    question: requiredText(FAQ_LIMITS.question),
    answer: requiredText(FAQ_LIMITS.answer),
  },
  { error: 'must be a JSON object' },
);
export type FaqItemRequest = z.input<typeof FaqItemRequestSchema>;

export const FaqIdParamsSchema = z.object({ id: IdSchema });

/** `GET /api/faq/match?q=…`: the FAQ item that best answers a question typed by the user. */
export const FaqMatchQuerySchema = z.object({ q: requiredText(FAQ_LIMITS.matchQuery) });
export type FaqMatchQuery = z.infer<typeof FaqMatchQuerySchema>;

/**
 * `match` is null when no item clearly answers the question; `suggestions` then holds the closest
 * items ("Did you mean …?"), best first, possibly none (offer the support form).
 */
export const FaqMatchResponseSchema = z.object({
  match: FaqItemSchema.nullable(),
  suggestions: z.array(FaqItemSchema),
});
export type FaqMatchResponse = z.infer<typeof FaqMatchResponseSchema>;

/** `POST /api/faq/ask`: a question typed into the chatbot; one that finds nothing is kept for admins. */
export const FaqAskRequestSchema = z.object(
  { q: requiredText(FAQ_LIMITS.matchQuery) },
  { error: 'must be a JSON object' },
);
export type FaqAskRequest = z.input<typeof FaqAskRequestSchema>;

/** A question the chatbot found no answer for (`GET /api/faq/unmatched`, admins): no asker is kept. */
export const FaqUnmatchedSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** How many times it was asked (case and punctuation aside). */
  times: z.number().int(),
  firstAskedAt: z.string(),
  lastAskedAt: z.string(),
});
export type FaqUnmatched = z.infer<typeof FaqUnmatchedSchema>;
export const FaqUnmatchedListSchema = z.array(FaqUnmatchedSchema);
