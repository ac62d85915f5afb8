/**
 * A lecture's mark is checked plainly when its rows are in the form clients send, and by the
 * contract's schema otherwise: both must pass the same bodies with the same value, and refuse the
 * same bodies with the same words.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { LectureMarkRequestSchema, MAX_LATE_MINUTES } from '@campus/contract';
import { guardedValidatorCompiler } from '../../plugins/input-guard';
import { isPlainLectureMark, lectureMarkValidator } from './mark-check';

/** A refusal is zod's issues, or an error (a NUL found before zod looks). */
type Result = { value?: unknown; error?: Error | { instancePath: string; message: string }[] };
const route = {
  schema: LectureMarkRequestSchema,
  method: 'POST',
  url: '/api/lectures/:periodId/:date/marks',
  httpPart: 'body',
} as unknown as FastifyRouteSchemaDef<unknown>;
const fast = lectureMarkValidator(route) as (data: unknown) => Result;
const zodOnly = guardedValidatorCompiler(route) as (data: unknown) => Result;

const roster = (n: number, row: (i: number) => object = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({ studentId: 230001 + i, status: 'Present', ...row(i) }));

/** Bodies the plain check passes: each is what zod makes of it. */
const plain: [string, unknown][] = [
  ['200 Present', { records: roster(200) }],
  [
    'every status, minutes, override and was',
    {
      records: [
        { studentId: 1, status: 'Absent', was: null },
        { studentId: 2, status: 'Late', lateMinutes: 1 },
        { studentId: 3, status: 'Late', lateMinutes: MAX_LATE_MINUTES, was: 'Present' },
        { studentId: 4, status: 'On leave', overrideLeave: false },
        { studentId: 999_999_999, status: 'Present', overrideLeave: true, was: 'On leave' },
      ],
    },
  ],
  ['500 rows', { records: roster(500) }],
];

/** Bodies the plain check leaves to zod: right or wrong, zod's answer is the route's. */
const toZod: [string, unknown][] = [
  ['roll number as text', { records: [{ studentId: '230001', status: 'Present' }] }],
  ['minutes as text', { records: [{ studentId: 1, status: 'Late', lateMinutes: '5' }] }],
  ['a key the contract does not name', { records: [{ studentId: 1, status: 'Present', note: 'x' }] }],
  ['a body key the contract does not name', { records: roster(2), markedBy: 'x' }],
  ['no records', { records: [] }],
  ['too many records', { records: roster(501) }],
  ['records not a list', { records: 'all' }],
  ['no body', null],
  ['a list for a body', [{ studentId: 1, status: 'Present' }]],
  ['a row that is not an object', { records: [1] }],
  ['a row that is a list', { records: [[1, 'Present']] }],
  ['unknown status', { records: roster(3, (i) => (i === 2 ? { status: 'Gone' } : {})) }],
  ['roll number 0', { records: [{ studentId: 0, status: 'Present' }] }],
  ['roll number too large', { records: [{ studentId: 1_000_000_000, status: 'Present' }] }],
  ['roll number a fraction', { records: [{ studentId: 1.5, status: 'Present' }] }],
  ['minutes on a Present mark', { records: [{ studentId: 1, status: 'Present', lateMinutes: 5 }] }],
  ['minutes 0', { records: [{ studentId: 1, status: 'Late', lateMinutes: 0 }] }],
  ['minutes too many', { records: [{ studentId: 1, status: 'Late', lateMinutes: MAX_LATE_MINUTES + 1 }] }],
  ['minutes a fraction', { records: [{ studentId: 1, status: 'Late', lateMinutes: 2.5 }] }],
  ['minutes null', { records: [{ studentId: 1, status: 'Late', lateMinutes: null }] }],
  ['override as text', { records: [{ studentId: 1, status: 'Present', overrideLeave: 'yes' }] }],
  ['was unknown', { records: [{ studentId: 1, status: 'Present', was: 'Gone' }] }],
  ['a NUL in a status', { records: [{ studentId: 1, status: 'Present\u0000' }] }],
  ['a missing status', { records: [{ studentId: 1 }] }],
];

/** What the route answers from a result: the refusal's words and places, or the value. */
const outcome = (r: Result) => {
  if (!r.error) return { value: r.value };
  if (r.error instanceof Error) return { error: r.error.message };
  return { issues: r.error.map((issue) => `${issue.instancePath} ${issue.message}`) };
};

describe('the plain check of a lecture mark', () => {
  it.each(plain)('passes %s, with the value zod gives', (_name, body) => {
    expect(isPlainLectureMark(body)).toBe(true);
    const mine = fast(body);
    expect(mine.error).toBeUndefined();
    expect(mine.value).toEqual(LectureMarkRequestSchema.parse(body));
    expect(outcome(mine)).toEqual(outcome(zodOnly(body)));
  });

  it.each(toZod)('leaves %s to zod, which answers as it always did', (_name, body) => {
    expect(isPlainLectureMark(body)).toBe(false);
    expect(outcome(fast(body))).toEqual(outcome(zodOnly(body)));
  });

  it('still refuses bad rows in the words of the contract', () => {
    expect(outcome(fast({ records: [{ studentId: 1, status: 'Late', lateMinutes: 0 }] }))).toEqual({
      issues: ['/records/0/lateMinutes must be at least 1'],
    });
    expect(outcome(fast({ records: [{ studentId: 1, status: 'Present', lateMinutes: 5 }] }))).toEqual({
      issues: ['/records/0/lateMinutes is only for a Late mark'],
    });
    expect(outcome(fast({ records: [{ studentId: 1, status: 'Present\u0000' }] }))).toEqual({
      error: 'records.0.status must not contain NUL characters',
    });
  });
});
