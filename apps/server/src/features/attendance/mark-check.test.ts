/**
 * A day's mark is checked plainly when its rows are in the form clients send, and by the contract's
 * schema otherwise: both must pass the same bodies with the same value, and refuse the same bodies
 * with the same words.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { MAX_ATTENDANCE_RECORDS, MarkAttendanceRequestSchema } from '@campus/contract';
import { guardedValidatorCompiler } from '../../plugins/input-guard';
import { dayMarkValidator, plainDayMark } from './mark-check';

/** A refusal is zod's issues, or an error (a NUL found before zod looks). */
type Result = { value?: unknown; error?: Error | { instancePath: string; message: string }[] };
const route = {
  schema: MarkAttendanceRequestSchema,
  method: 'POST',
  url: '/api/mark-attendance',
  httpPart: 'body',
} as unknown as FastifyRouteSchemaDef<unknown>;
const fast = dayMarkValidator(route) as (data: unknown) => Result;
const zodOnly = guardedValidatorCompiler(route) as (data: unknown) => Result;

const rows = (n: number, row: (i: number) => object = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({ studentId: 230001 + i, status: 'Present', ...row(i) }));
const day = (attendanceRecords: unknown, more: object = {}) => ({
  date: '2031-02-03',
  attendanceRecords,
  ...more,
});

/** What the route answers from a result: the refusal's words and places, or the value. */
const outcome = (r: Result) => {
  if (!r.error) return { value: r.value };
  if (r.error instanceof Error) return { error: r.error.message };
  return { issues: r.error.map((issue) => `${issue.instancePath} ${issue.message}`) };
};

/** Bodies the plain check passes: each is what zod makes of it. */
const plain: [string, unknown][] = [
  ['200 rows', day(rows(200, (i) => (i % 6 === 0 ? { status: 'Absent' } : {})))],
  [
    'every status, override and was',
    day([
      { studentId: 1, status: 'Absent', was: null },
      { studentId: 2, status: 'On leave', overrideLeave: false, was: 'Present' },
      { studentId: 999_999_999, status: 'Present', overrideLeave: true, was: 'On leave' },
    ]),
  ],
  ['a markedBy, dropped', day(rows(3), { markedBy: 'someone' })],
  ['the most rows', day(rows(MAX_ATTENDANCE_RECORDS))],
];

/** Bodies the plain check leaves to zod: right or wrong, zod's answer is the route's. */
const toZod: [string, unknown][] = [
  ['roll number as text', day([{ studentId: '230001', status: 'Present' }])],
  ['a row key the contract does not name', day([{ studentId: 1, status: 'Present', note: 'x' }])],
  ['a student twice', day([...rows(3), { studentId: 230002, status: 'Absent' }])],
  ['no rows', day([])],
  ['too many rows', day(rows(MAX_ATTENDANCE_RECORDS + 1))],
  ['rows not a list', day('all')],
  ['no date', { attendanceRecords: rows(2) }],
  ['a date not a day', { date: '2031-02-30', attendanceRecords: rows(2) }],
  ['a date before records were kept', { date: '1999-12-31', attendanceRecords: rows(2) }],
  ['a date with a NUL', { date: '2031-02-03\u0000', attendanceRecords: rows(2) }],
  ['no body', null],
  ['a row that is a list', day([[1, 'Present']])],
  ['Late, a lecture status', day([{ studentId: 1, status: 'Late' }])],
  ['roll number 0', day([{ studentId: 0, status: 'Present' }])],
  ['roll number a fraction', day([{ studentId: 1.5, status: 'Present' }])],
  ['override as text', day([{ studentId: 1, status: 'Present', overrideLeave: 'yes' }])],
  ['was unknown', day([{ studentId: 1, status: 'Present', was: 'Late' }])],
  ['a NUL in a status', day([{ studentId: 1, status: 'Present\u0000' }])],
];

describe('the plain check of a day mark', () => {
  it.each(plain)('passes %s, with the value zod gives', (_name, body) => {
    expect(plainDayMark(body)).toBeDefined();
    const mine = fast(body);
    expect(mine.error).toBeUndefined();
    expect(mine.value).toEqual(MarkAttendanceRequestSchema.parse(body));
    expect(outcome(mine)).toEqual(outcome(zodOnly(body)));
  });

  it.each(toZod)('leaves %s to zod, which answers as it always did', (_name, body) => {
    expect(plainDayMark(body)).toBeUndefined();
    expect(outcome(fast(body))).toEqual(outcome(zodOnly(body)));
  });

  it('still refuses a student listed twice in the words of the contract', () => {
    expect(outcome(fast(day([...rows(2), { studentId: 230001, status: 'Absent' }])))).toEqual({
      issues: ['/attendanceRecords/2/studentId lists student 230001 more than once'],
    });
  });
});
