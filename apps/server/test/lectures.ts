/** A term and one weekly lecture, set up through the API as an admin would, for lecture mark tests. */
import { expect } from 'vitest';
import type { TestApp } from './app';
import { bearer } from './fixtures';

/** The term of these tests: 6 January to 28 March 2031 on UTC, Late counting half, 75 % a course. */
export const TEST_TERM = {
  termStart: '2031-01-06',
  termEnd: '2031-03-28',
  timeZone: 'UTC',
  lateCounts: 'half',
  minPercent: 75,
} as const;

/**
 * Sets the term, adds a course and its lecture for a group on Mondays 09:00–09:50, taught by
 * `teacherId`; answers the period's id.
 */
export async function mondayLecture(
  t: TestApp,
  adminToken: string,
  lecture: { course: string; name: string; group: string; room: string; teacherId: number },
): Promise<string> {
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: bearer(adminToken), payload });
  let res = await call('PUT', '/api/timetable-settings', TEST_TERM);
  expect(res.statusCode, res.body).toBe(200);
  res = await call('POST', '/api/courses', { code: lecture.course, name: lecture.name, credits: 2 });
  expect(res.statusCode, res.body).toBe(201);
  res = await call('POST', '/api/periods', {
    course: lecture.course,
    group: lecture.group,
    weekday: 1,
    start: '09:00',
    end: '09:50',
    room: lecture.room,
    teacherId: lecture.teacherId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ period: { _id: string } }>().period._id;
}
