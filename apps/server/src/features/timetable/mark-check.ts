/**
 * A lecture's mark checked without zod's walk of its 200 rows: a body in the form clients send (roll
 * numbers as numbers, no key the contract does not name) passes a plain check and is used as it is.
 * Anything else goes to the contract's schema (`LectureMarkRequestSchema`), which stays the rule: it
 * answers every refusal with its own words, and converts what it converts (a roll number as text).
 */
import { LECTURE_STATUSES, MAX_LATE_MINUTES, type LectureMarkRequest } from '@campus/contract';
import { isRecord, isRollNo, plainBodyFirst, plainMarkExtras } from '../../plugins/plain-body';

const STATUSES: ReadonlySet<unknown> = new Set(LECTURE_STATUSES);
const MOST_RECORDS = 500;

/** One row as zod would pass it unchanged; false for anything else, valid or not. */
function plainRecord(r: unknown): boolean {
  if (!isRecord(r) || !isRollNo(r.studentId) || !STATUSES.has(r.status)) return false;
  let keys = 2;
  if (Object.hasOwn(r, 'lateMinutes')) {
    const late = r.lateMinutes;
    if (r.status !== 'Late' || typeof late !== 'number' || !Number.isInteger(late)) return false;
    if (late < 1 || late > MAX_LATE_MINUTES) return false;
    keys++;
  }
  const extras = plainMarkExtras(r, STATUSES);
  return extras >= 0 && Object.keys(r).length === keys + extras;
}

/** Whether the body is a mark the schema would pass unchanged (then it is the schema's output). */
export function isPlainLectureMark(body: unknown): body is LectureMarkRequest {
  if (!isRecord(body) || Object.keys(body).length !== 1) return false;
  const { records } = body;
  if (!Array.isArray(records) || records.length < 1 || records.length > MOST_RECORDS) return false;
  for (const record of records) if (!plainRecord(record)) return false;
  return true;
}

/** The route's validator: the plain check for the body, then the app's own (NUL search, zod). */
export const lectureMarkValidator = plainBodyFirst((body) => (isPlainLectureMark(body) ? body : undefined));
