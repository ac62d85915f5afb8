/**
 * A lecture on now, of a journey's own: a teacher whose week has no other lecture at this hour, and a
 * course of theirs for a group, on today's weekday, that began ten minutes ago on the campus's clock.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { wallClock } from '@campus/contract';
import { bearer, choosePassword } from './accounts';
import { DEMO } from './session';

/** The term's dates and time zone, as the admin set them. */
export async function termSettings(request: APIRequestContext) {
  const settings = await request.get('/api/timetable-settings', {
    headers: await bearer(request, DEMO.admin),
  });
  expect(settings.status()).toBe(200);
  return (await settings.json()) as { termStart: string; termEnd: string; timeZone: string };
}

/** The day, weekday and time now on the campus's clock. */
export async function termNow(request: APIRequestContext) {
  return wallClock(Date.now(), (await termSettings(request)).timeZone);
}

/** A teacher of the journey's own, with `OWN_PASSWORD`; their teacher ID. */
export async function createTeacher(request: APIRequestContext, name: string): Promise<number> {
  const teacherId = 600000 + Math.floor(Math.random() * 99_999);
  const created = await request.post('/api/teachers', {
    headers: await bearer(request, DEMO.admin),
    data: {
      teacherId,
      name,
      Gender: null,
      Dob: null,
      phoneNo: null,
      email: `t${teacherId}@campus.example.edu`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await choosePassword(request, teacherId, (await created.json()).oneTimePassword as string);
  return teacherId;
}

/** A teacher of the journey's own (`createTeacher`) who mentors `group`; their teacher ID. */
export async function createMentor(request: APIRequestContext, group: string, name: string): Promise<number> {
  const teacherId = await createTeacher(request, name);
  const mentors = await request.put(`/api/groups/${encodeURIComponent(group)}/mentors`, {
    headers: await bearer(request, DEMO.admin),
    data: { teacherIds: [teacherId] },
  });
  expect(mentors.status(), await mentors.text()).toBe(200);
  return teacherId;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const clockTime = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * A course `Course <u>` (its code `prefix` and the end of `u`) for `group`, taught by `teacherId`,
 * with a period on now's weekday from ten minutes ago to forty minutes on.
 */
export async function lectureOnNow(
  request: APIRequestContext,
  lecture: {
    u: string;
    prefix: string;
    group: string;
    teacherId: number;
    now: { weekday: number; time: string };
  },
): Promise<{ code: string; courseName: string; periodId: string }> {
  const { u, group, teacherId, now } = lecture;
  const admin = await bearer(request, DEMO.admin);
  const code = `${lecture.prefix}${u.slice(-6).toUpperCase()}`.replace(/[^A-Z0-9]/g, '');
  const courseName = `Course ${u}`;
  const course = await request.post('/api/courses', {
    headers: admin,
    data: { code, name: courseName, credits: 3 },
  });
  expect(course.status(), await course.text()).toBe(201);
  const at = minutes(now.time);
  const period = await request.post('/api/periods', {
    headers: admin,
    data: {
      course: code,
      group,
      weekday: now.weekday,
      start: clockTime(Math.max(0, at - 10)),
      end: clockTime(Math.min(23 * 60 + 59, at + 40)),
      room: `Room ${u}`,
      teacherId,
    },
  });
  expect(period.status(), await period.text()).toBe(201);
  return { code, courseName, periodId: (await period.json()).period._id as string };
}
