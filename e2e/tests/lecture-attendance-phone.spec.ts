/**
 * A lecture on a teacher's phone (issue 60): the teacher opens today's lecture from "My classes
 * today" and marks it while a student of the group is out on a gate pass, who stays On leave for it;
 * the student marked Absent then sees the course's figure and the forecast of the 75 % rule.
 */
import { expect, test } from '@playwright/test';
import { wallClock } from '@campus/contract';
import { bearer, createGroup, createGuard, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { createTeacher, lectureOnNow, termSettings } from '../support/lectures';
import { PAGE_LOAD, settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

test('a teacher marks the lecture on now on a phone while a student is out, and a student sees the forecast', async ({
  page,
  request,
  browser,
}) => {
  const term = await termSettings(request);
  const now = wallClock(Date.now(), term.timeZone);
  expect(now.day >= term.termStart && now.day <= term.termEnd, 'the demo term holds today').toBe(true);

  // A group of three, a teacher and a course of their own, and a lecture that began ten minutes ago.
  const u = unique();
  const group = `Lecture ${u}`;
  await createGroup(request, group);
  const [present, out, absent] = await createStudents(request, group, 3, 'Lecture Student');
  const teacherId = await createTeacher(request, 'Lecture Teacher');
  const { code, courseName, periodId } = await lectureOnNow(request, {
    u,
    prefix: 'E',
    group,
    teacherId,
    now,
  });

  // The second student is out on a gate pass, past the desk a moment ago.
  const studentHeaders = await bearer(request, out!, OWN_PASSWORD);
  const submitted = await request.post('/api/submit-gatepass', {
    headers: studentHeaders,
    data: { date: now.day, time: '00:00', reason: `Lecture journey ${u}` },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const passId = (await submitted.json()).gatepass._id as string;
  const approved = await request.put('/api/gatepasses/update-status', {
    headers: await bearer(request, DEMO.teacher),
    data: { gatepassId: passId, approvedStatus: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const issued = await request.get(`/api/gatepasses/${passId}/credential`, { headers: studentHeaders });
  expect(issued.status()).toBe(200);
  const guard = await bearer(request, await createGuard(request, 'Lecture Guard'), OWN_PASSWORD);
  const exit = await request.post('/api/gate/exit', {
    headers: guard,
    data: { code: ((await issued.json()) as { code: string }).code },
  });
  expect(exit.status(), await exit.text()).toBe(200);

  // The teacher, on a phone: today's class is one tap from its roster.
  await signInAs(page, teacherId, /\/teacher\/home$/, OWN_PASSWORD);
  await settle(page);
  const classes = page.getByRole('region', { name: 'My classes today' });
  await classes.getByRole('link', { name: new RegExp(courseName) }).click();
  await expect(page).toHaveURL(/\/teacher\/lectures\//);
  const outRow = page.getByText(/On leave — out on a gate pass/);
  await expect(outRow).toBeVisible(PAGE_LOAD);
  await expectAccessible(page);

  await page
    .getByRole('radiogroup', { name: `Attendance of Lecture Student 1 (${present})` })
    .getByRole('radio', { name: 'Present' })
    .check();
  await page
    .getByRole('radiogroup', { name: `Attendance of Lecture Student 3 (${absent})` })
    .getByRole('radio', { name: 'Absent' })
    .check();
  const submit = page.getByRole('button', { name: 'Submit Attendance' });
  const box = await submit.boundingBox();
  expect(box && box.height).toBeGreaterThanOrEqual(44);
  expect(box && box.y + box.height, 'the save bar is on the first screen').toBeLessThanOrEqual(PHONE.height);
  await submit.click();
  await expect(page.getByText('Attendance marked successfully!')).toBeVisible();

  const rows = await request.get(`/api/lectures/${periodId}/${now.day}`, {
    headers: await bearer(request, teacherId, OWN_PASSWORD),
  });
  expect(rows.status()).toBe(200);
  const marks = Object.fromEntries(
    ((await rows.json()) as { students: { RollNo: number; status: string | null }[] }).students.map((s) => [
      s.RollNo,
      s.status,
    ]),
  );
  expect(marks).toEqual({ [present!]: 'Present', [out!]: 'On leave', [absent!]: 'Absent' });

  // The absent student sees where they stand in the course, and what it takes to stay at 75 %.
  const standing = await request.get(`/api/attendance-courses/${absent}`, {
    headers: await bearer(request, absent!, OWN_PASSWORD),
  });
  expect(standing.status()).toBe(200);
  const inCourse = (
    (await standing.json()) as { courses: { course: string; forecast: string; percent: number }[] }
  ).courses.find((c) => c.course === code)!;
  expect(inCourse.percent).toBe(0);
  const studentContext = await browser.newContext({ viewport: PHONE });
  const studentPage = await studentContext.newPage();
  await signInAs(studentPage, absent!, /\/student\/home$/, OWN_PASSWORD);
  await settle(studentPage);
  const card = studentPage.getByRole('region', { name: 'Where you stand' });
  await expect(card).toContainText(courseName, PAGE_LOAD);
  await expect(card).toContainText(inCourse.forecast);
  await expectAccessible(studentPage);
  await studentContext.close();
});
