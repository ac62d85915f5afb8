/**
 * A route's body checked plainly when it is in the form clients send, before zod walks it: marks of
 * hundreds of rows cost zod a walk of every row (docs/performance.md, "Lectures in the mix"). The
 * contract's schema stays the rule: a body the plain check does not pass, right or wrong, goes to it,
 * and it answers every refusal in its own words.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { guardedValidatorCompiler } from './input-guard';

/** The largest roll number the contract takes (`AttendanceStudentIdSchema`). */
const MOST_ROLL_NO = 999_999_999;

/** A roll number as a number, as the contract takes it without converting it. */
export const isRollNo = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MOST_ROLL_NO;

/** An object that is not a list (a parsed JSON object). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * How many of a mark row's optional keys (`overrideLeave`, `was`) it holds, each as the contract
 * takes it unchanged; -1 when one of them is not.
 */
export function plainMarkExtras(row: Record<string, unknown>, statuses: ReadonlySet<unknown>): number {
  let keys = 0;
  if (Object.hasOwn(row, 'overrideLeave')) {
    if (typeof row.overrideLeave !== 'boolean') return -1;
    keys++;
  }
  if (Object.hasOwn(row, 'was')) {
    if (row.was !== null && !statuses.has(row.was)) return -1;
    keys++;
  }
  return keys;
}

/**
 * A validator compiler whose body check is `plain` first: it answers the value zod would give for a
 * body it takes, or undefined to leave the body to zod. The other parts of the request (params,
 * query) go to the app's own validator. A plain body must hold no text but fixed words, so that it
 * cannot hold a NUL the app's validator would refuse.
 */
export const plainBodyFirst =
  (plain: (body: unknown) => unknown): FastifySchemaCompiler<unknown> =>
  (route) => {
    const checked = guardedValidatorCompiler(route);
    if (route.httpPart !== 'body') return checked;
    return (data: unknown) => {
      const value = plain(data);
      return value === undefined ? checked(data) : { value };
    };
  };
