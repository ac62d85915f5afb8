import { z } from 'zod';
import { SearchPageQuerySchema } from './common.js';

const mark = z.number().nullable();

/** One student's performance record, with the JSON field names of SPEC §3. A missing mark is null. */
export const PerformanceSchema = z.object({
  RollNo: z.number(),
  Name: z.string(),
  '10th %age': mark,
  '12th %age': mark,
  'Sem-1 SGPA': mark,
  'Sem-2 SGPA': mark,
  'Sem-3 SGPA': mark,
  'Sem-4 SGPA': mark,
  CGPA: mark,
});
export type Performance = z.infer<typeof PerformanceSchema>;

/** GET /api/performance/:rollNo: an array whose first element is used; empty when there is no record. */
export const PerformanceResponseSchema = z.array(PerformanceSchema);

/** GET /api/students-performance: `search` matches the name (any case) or the start of the roll number. */
export const StudentsPerformanceQuerySchema = SearchPageQuerySchema;
export type StudentsPerformanceQuery = z.infer<typeof StudentsPerformanceQuerySchema>;
export const StudentsPerformanceResponseSchema = z.array(PerformanceSchema);
