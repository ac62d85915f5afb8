import { z } from 'zod';
import { requiredText, SearchPageQuerySchema } from './common.js';

export const SYLLABUS_LIMITS = {
  courseName: 200,
  semester: 50,
  topic: 200,
  topics: 200,
  topicsText: 20_000,
} as const;

/** A syllabus entry of SPEC §3. */
export const SyllabusSchema = z.object({
  _id: z.string(),
  courseName: z.string(),
  semester: z.string(),
  topics: z.array(z.string()),
});
export type Syllabus = z.infer<typeof SyllabusSchema>;
export const SyllabusListSchema = z.array(SyllabusSchema);

/** `GET /api/syllabus`: `search` matches the course name, ignoring case. */
export const SyllabusQuerySchema = SearchPageQuerySchema;
export type SyllabusQuery = z.input<typeof SyllabusQuerySchema>;

/**
 * Splits the form's comma-separated topics, each trimmed. Empty items are kept where the teacher
 * left them (SPEC §5); screens that show topics leave the blank ones out.
 */
export function splitTopics(topics: string | readonly string[]): string[] {
  const items = typeof topics === 'string' ? topics.split(',') : topics;
  return items.map((topic) => topic.trim());
}

/**
 * Topics as a list, or as one comma-separated text (the form's input). Either way each topic is
 * trimmed and empty ones kept; at least one must not be empty.
 */
export const TopicsSchema = z
  .union(
    [
      z.array(z.string().max(SYLLABUS_LIMITS.topic)).max(SYLLABUS_LIMITS.topics),
      z.string().max(SYLLABUS_LIMITS.topicsText),
    ],
    {
      error: (issue) =>
        issue.input === undefined ? 'is required' : 'must be a list of topics or comma-separated text',
    },
  )
  .transform((topics) => splitTopics(topics))
  .pipe(
    z
      .array(
        z
          .string()
          .max(SYLLABUS_LIMITS.topic, { error: `must each be at most ${SYLLABUS_LIMITS.topic} characters` }),
      )
      .max(SYLLABUS_LIMITS.topics, { error: `must name at most ${SYLLABUS_LIMITS.topics} topics` })
      .refine((topics) => topics.some((topic) => topic.length > 0), {
        error: 'must name at least one topic',
      }),
  );

/** `POST /api/syllabus-add` body (SPEC §7). */
export const SyllabusAddRequestSchema = z.object({
  courseName: requiredText(SYLLABUS_LIMITS.courseName),
  semester: requiredText(SYLLABUS_LIMITS.semester),
  topics: TopicsSchema,
});
export type SyllabusAddRequest = z.input<typeof SyllabusAddRequestSchema>;

export const SyllabusAddResponseSchema = z.object({
  message: z.string(),
  syllabus: SyllabusSchema,
});
export type SyllabusAddResponse = z.infer<typeof SyllabusAddResponseSchema>;

/** `GET /api/syllabus/search`: words in course names, semesters and topics, best first. */
export const SyllabusSearchQuerySchema = z.object({
  q: requiredText(100),
});
export const SyllabusSearchHitSchema = z.object({
  _id: z.string(),
  /** "Course semester" with the found words marked (HIGHLIGHT_START/END of notices). */
  course: z.string(),
  /** The topics around the found words, marked the same way. */
  topics: z.string(),
});
export type SyllabusSearchHit = z.infer<typeof SyllabusSearchHitSchema>;
export const SyllabusSearchListSchema = z.array(SyllabusSearchHitSchema);
