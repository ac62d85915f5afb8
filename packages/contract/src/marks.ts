/**
 * Entering and correcting marks (teachers for the students of groups they mentor, admins for
 * anyone): the record as the editor shows it, the update a form or client sends, and the changes
 * it made, which the audit log keeps field by field.
 */
import { z } from 'zod';
import { RosterQuerySchema } from './attendance.js';
import { PERFORMANCE_SEMESTER_KEYS } from './constants.js';
import { PerformanceSchema } from './performance.js';

/** The marks a teacher enters, in the order of SPEC §3. CGPA is computed or entered beside them. */
export const MARK_FIELDS = ['10th %age', '12th %age', ...PERFORMANCE_SEMESTER_KEYS] as const;
export type MarkField = (typeof MARK_FIELDS)[number];

export const PERCENT_MAX = 100;
export const GPA_MAX = 10;

/** `computed`: the mean of the SGPAs entered; `entered`: typed in as it stands on the transcript. */
export const CGPA_SOURCES = ['computed', 'entered'] as const;
export type CgpaSource = (typeof CGPA_SOURCES)[number];

/**
 * The CGPA of the known SGPAs: their mean, to 2 decimals (half up), or null when none is known.
 * Worked in hundredths, so that 8.01 and 8.00 give 8.01 and not the 8.00 that 8.005 in binary gives.
 */
export function computeCgpa(sgpas: readonly (number | null)[]): number | null {
  const known = sgpas.filter((sgpa): sgpa is number => sgpa !== null);
  if (known.length === 0) return null;
  const hundredths = known.reduce((sum, sgpa) => sum + Math.round(sgpa * 100), 0);
  return Math.round(hundredths / known.length) / 100;
}

const NUMBER_TEXT = /^\d{1,3}(\.\d+)?$/;

/**
 * One mark: a number from 0 to `max` with at most 2 decimals, or null while it is not known. A form
 * sends text: an empty field is null and a number in text is that number.
 */
function markSchema(max: number) {
  const range = `must be a number from 0 to ${max}`;
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return null;
      return NUMBER_TEXT.test(text) ? Number(text) : value;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? 'is required (null while it is not known)' : range),
      })
      .min(0, { error: range })
      .max(max, { error: range })
      .refine((mark) => Number(mark.toFixed(2)) === mark, { error: 'must have at most 2 decimal places' })
      .nullable(),
  );
}

/** Each mark's check: percentages from 0 to 100, grade points from 0 to 10. */
export const MARK_SCHEMAS = {
  '10th %age': markSchema(PERCENT_MAX),
  '12th %age': markSchema(PERCENT_MAX),
  'Sem-1 SGPA': markSchema(GPA_MAX),
  'Sem-2 SGPA': markSchema(GPA_MAX),
  'Sem-3 SGPA': markSchema(GPA_MAX),
  'Sem-4 SGPA': markSchema(GPA_MAX),
  CGPA: markSchema(GPA_MAX),
} satisfies Record<MarkField | 'CGPA', unknown>;

/**
 * PUT /api/marks/:rollNo: the whole record. Every mark is given (null while not known). With
 * `cgpaSource` `computed` the CGPA is worked out from the SGPAs and any CGPA sent is not used; with
 * `entered` the CGPA is the one given (null while not known).
 */
export const MarksUpdateRequestSchema = z
  .object({
    '10th %age': MARK_SCHEMAS['10th %age'],
    '12th %age': MARK_SCHEMAS['12th %age'],
    'Sem-1 SGPA': MARK_SCHEMAS['Sem-1 SGPA'],
    'Sem-2 SGPA': MARK_SCHEMAS['Sem-2 SGPA'],
    'Sem-3 SGPA': MARK_SCHEMAS['Sem-3 SGPA'],
    'Sem-4 SGPA': MARK_SCHEMAS['Sem-4 SGPA'],
    cgpaSource: z.enum(CGPA_SOURCES, { error: 'must be computed or entered' }),
    CGPA: MARK_SCHEMAS.CGPA.optional(),
  })
  .superRefine((marks, ctx) => {
    if (marks.cgpaSource === 'entered' && marks.CGPA === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['CGPA'],
        message: 'is required when cgpaSource is entered (null while it is not known)',
      });
    }
  })
  .transform((marks) => ({
    ...marks,
    CGPA:
      marks.cgpaSource === 'computed'
        ? computeCgpa(PERFORMANCE_SEMESTER_KEYS.map((key) => marks[key]))
        : (marks.CGPA ?? null),
  }));
/** What a form or client sends: marks as numbers, text or null. */
export type MarksUpdateInput = z.input<typeof MarksUpdateRequestSchema>;
/** The update as stored: every mark a number or null, the CGPA worked out when it is computed. */
export type MarksUpdate = z.output<typeof MarksUpdateRequestSchema>;

/**
 * A student's marks as the editor shows them: the performance record, the student's group, and how
 * the CGPA was reached. `cgpaSource` is null while the student has no record yet (every mark null).
 */
export const MarksRecordSchema = PerformanceSchema.extend({
  group: z.string(),
  cgpaSource: z.enum(CGPA_SOURCES).nullable(),
});
export type MarksRecord = z.infer<typeof MarksRecordSchema>;

/** GET /api/marks: one group's students with their marks, by roll number, those without a record too. */
export const MarksListQuerySchema = RosterQuerySchema.extend({
  group: RosterQuerySchema.shape.group.unwrap(),
});
export type MarksListQuery = z.infer<typeof MarksListQuerySchema>;
export const MarksListResponseSchema = z.array(MarksRecordSchema);

/** One field an update changed, from its old value to its new one (null: not known). */
export const MarkChangeSchema = z.object({
  field: z.enum([...MARK_FIELDS, 'CGPA', 'cgpaSource']),
  from: z.union([z.number(), z.enum(CGPA_SOURCES), z.null()]),
  to: z.union([z.number(), z.enum(CGPA_SOURCES), z.null()]),
});
export type MarkChange = z.infer<typeof MarkChangeSchema>;

export const MarksUpdateResponseSchema = z.object({
  message: z.string(),
  record: MarksRecordSchema,
  changes: z.array(MarkChangeSchema),
});
export type MarksUpdateResponse = z.infer<typeof MarksUpdateResponseSchema>;

/**
 * The changes in words, as the audit log keeps them:
 * "Sem-2 SGPA 7.5 → 8.1; CGPA 7.9 → 8.05; CGPA source entered → computed".
 */
export function describeMarkChanges(changes: readonly MarkChange[]): string {
  if (changes.length === 0) return 'no change';
  const shown = (value: MarkChange['from']) => (value === null ? 'empty' : String(value));
  return changes
    .map(
      ({ field, from, to }) =>
        `${field === 'cgpaSource' ? 'CGPA source' : field} ${shown(from)} → ${shown(to)}`,
    )
    .join('; ');
}
