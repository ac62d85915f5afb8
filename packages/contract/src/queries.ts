/** The Q&A board (SPEC §3, §4, §5, §7): students ask, teachers answer once, everyone may like. */
import { z } from 'zod';
import {
  IdSchema,
  MessageSchema,
  PageQuerySchema,
  SearchPageQuerySchema,
  SORT_ORDERS,
  StaffFilterSchema,
  requiredText,
} from './common.js';

/** The server's answer to a new query, shown in the student's alert (SPEC §8). */
export const QUERY_SUBMITTED_MESSAGE = 'Query submitted successfully!';

/** Why a student's like of their own question is refused (403). */
export const OWN_QUERY_LIKE_MESSAGE = 'You cannot like your own question';

export const QUERY_TOPIC_MAX = 200;

/** The name other students see on a question asked anonymously. */
export const ANONYMOUS_STUDENT = 'Anonymous student';
export const QUERY_TEXT_MAX = 5000;
export const QUERY_SOLUTION_MAX = 5000;
export const QUERY_TAG_MAX = 50;
export const QUERY_TAGS_MAX = 20;

/** SPEC §5: tags are split on commas, trimmed, and empty items dropped. */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','));
  return parts.map((tag) => tag.trim()).filter((tag) => tag.length > 0);
}

/** Tags as a list of texts or one comma-separated text; at least one non-empty tag. */
export const TagsSchema = z
  .union([z.string(), z.array(z.string())], {
    error: 'must be a list of tags or a comma-separated text',
  })
  .transform((input) => parseTags(input))
  .pipe(
    z
      .array(z.string().max(QUERY_TAG_MAX, { error: `must each be at most ${QUERY_TAG_MAX} characters` }))
      .min(1, { error: 'must contain at least one tag' })
      .max(QUERY_TAGS_MAX, { error: `must be at most ${QUERY_TAGS_MAX} tags` }),
  );

/**
 * `POST /api/submit-query` (students). Only topic, tags and query are read: name, roll number and email
 * come from the session, likes start at 0 and a new query is unsolved, whatever else the body says.
 */
export const SubmitQueryRequestSchema = z.object({
  topic: requiredText(QUERY_TOPIC_MAX),
  tags: TagsSchema,
  query: requiredText(QUERY_TEXT_MAX),
  /** Asked anonymously: other students see "Anonymous student"; staff still see who asked. */
  anonymous: z.boolean({ error: 'must be true or false' }).default(false),
});
export type SubmitQueryRequest = z.input<typeof SubmitQueryRequestSchema>;

export const QuerySchema = z.object({
  _id: z.string(),
  name: z.string(),
  rollNo: z.number(),
  email: z.string(),
  /** The student's group (not in SPEC §3: the teacher's work list filters and sorts by it). */
  group: z.string(),
  topic: z.string(),
  tags: z.array(z.string()),
  description: z.string(),
  likes: z.number().int().nonnegative(),
  /** Whether the signed-in account has liked this query. */
  likedByMe: z.boolean(),
  /** The answer, or the literal text 'null' (UNSOLVED_SOLUTION) while unsolved. */
  solution: z.string(),
  solvedAt: z.string().nullable(),
  /** The name of the teacher who answered; null while unsolved. */
  solvedBy: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Hidden as spam by staff: such a query is on neither board. Given only where hidden queries are
   * listed too (a student's own queries, the admin collection).
   */
  hidden: z.boolean().optional(),
  /**
   * Asked anonymously. To other students the asker is ANONYMOUS_STUDENT, with roll number 0 and no
   * email or group; the asker and staff see who it is.
   */
  anonymous: z.boolean().optional(),
  /** With a search: the topic and a part of the description, found words marked (HIGHLIGHT_START/END). */
  highlight: z.object({ topic: z.string(), description: z.string() }).optional(),
});
export type Query = z.infer<typeof QuerySchema>;

export const QueryListSchema = z.array(QuerySchema);

/** What the boards may be sorted by: when asked, likes, the student's name or group. */
export const QUERY_SORTS = ['createdAt', 'likes', 'name', 'group'] as const;
export type QuerySort = (typeof QUERY_SORTS)[number];

/**
 * `GET /api/queries-without-solution` and `-with-solution`: a page of the board, filtered by `group`
 * and `mine` (the teacher's work list), newest first unless sorted (ties: newest asked first).
 */
export const QueryBoardQuerySchema = StaffFilterSchema.extend({
  sort: z.enum(QUERY_SORTS, { error: 'must be createdAt, likes, name or group' }).default('createdAt'),
  order: z.enum(SORT_ORDERS, { error: 'must be asc or desc' }).default('desc'),
  /**
   * Words looked for in topic, tags and description (each word, or a word it begins, must occur);
   * the best matches come first, then the order asked for.
   */
  search: z.string().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  /** One tag, whole and ignoring case. */
  tag: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(QUERY_TAG_MAX, { error: `must be at most ${QUERY_TAG_MAX} characters` })
    .optional(),
});
export type QueryBoardQuery = z.input<typeof QueryBoardQuerySchema>;
/** `GET /api/queries-by-rollno/:rollNo`: one student's queries, all, only solved or only unsolved ones. */
export const OwnQueriesQuerySchema = PageQuerySchema.extend({
  solved: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type OwnQueriesQuery = z.input<typeof OwnQueriesQuerySchema>;

/** The three board lists answer `{ queries }`. */
export const QueriesResponseSchema = z.object({ queries: QueryListSchema });
export type QueriesResponse = z.infer<typeof QueriesResponseSchema>;

export const SubmitQueryResponseSchema = MessageSchema.extend({ query: QuerySchema });
export type SubmitQueryResponse = z.infer<typeof SubmitQueryResponseSchema>;

/** `PUT /api/queries/update-solution` (teachers): unsolved → solved, once. */
export const UpdateSolutionRequestSchema = z.object({
  queryId: IdSchema,
  solution: requiredText(QUERY_SOLUTION_MAX),
});
export type UpdateSolutionRequest = z.input<typeof UpdateSolutionRequestSchema>;

export const QueryIdParamsSchema = z.object({ id: IdSchema });

/** `POST /api/queries/:id/like` toggles the signed-in account's like. */
export const LikeResponseSchema = z.object({
  likes: z.number().int().nonnegative(),
  liked: z.boolean(),
});
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/** `PUT /api/queries/:id/hidden` (teachers, admins): hide a query as spam, or show it again. */
export const QueryHiddenRequestSchema = z.object({
  hidden: z.boolean({ error: 'must be true or false' }),
});
export type QueryHiddenRequest = z.infer<typeof QueryHiddenRequestSchema>;

/** `GET /api/queries` (admins): the Queries Collection, searchable on topic and description. */
export const QueryCollectionQuerySchema = SearchPageQuerySchema;
export type QueryCollectionQuery = z.infer<typeof QueryCollectionQuerySchema>;

/** `GET /api/queries/similar`: the questions most like a topic being written (the ask form). */
export const SimilarQueriesQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(QUERY_TOPIC_MAX, { error: `must be at most ${QUERY_TOPIC_MAX} characters` }),
});
export const SimilarQuerySchema = z.object({
  _id: z.string(),
  topic: z.string(),
  /** The topic with the words it shares marked (HIGHLIGHT_START/END). */
  highlight: z.string(),
  solved: z.boolean(),
});
export type SimilarQuery = z.infer<typeof SimilarQuerySchema>;
export const SimilarQueryListSchema = z.array(SimilarQuerySchema);
/** At most this many similar questions are shown. */
export const SIMILAR_QUERIES_MAX = 5;
