import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.js';

export const ErrorSchema = z.object({ message: z.string() });
export const MessageSchema = z.object({ message: z.string() });
export const CountSchema = z.object({ count: z.number().int().nonnegative() });

export const IdSchema = z.uuid({ error: 'must be a valid id' });
export const IsoDateSchema = z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' });
export const TimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time in the form HH:MM' });

/** A required piece of text: trimmed length between 1 and max. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });

export const RollNoSchema = z.coerce
  .number({ error: 'must be a roll number' })
  .int({ error: 'must be a roll number' })
  .positive({ error: 'must be a roll number' })
  .max(999_999_999, { error: 'must be a roll number' });
export const RollNoParamsSchema = z.object({ rollNo: RollNoSchema });

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const SearchPageQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The teachers' work lists (gate passes, queries) are filtered alike: `group` is exact, and `mine=true`
 * keeps the students of the groups the signed-in teacher mentors (none for anyone else).
 */
export const StaffFilterSchema = PageQuerySchema.extend({
  group: z.string().trim().min(1, { error: 'must not be empty' }).max(50).optional(),
  mine: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type SearchPageQuery = z.infer<typeof SearchPageQuerySchema>;
