/**
 * A group's day roster marked without a signal (issue 62, decision record 0087): a teacher marks 60
 * students offline, "60 marks waiting to send" shows, and on reconnecting each mark is saved once;
 * a mark made meanwhile by another teacher is shown beside the teacher's, not overwritten.
 *
 * The browser context has service workers allowed and is this test's own.
 */
import { expect, test, type Page } from '@playwright/test';
import { bearer, createGroup, createStudents, unique, OWN_PASSWORD } from '../support/accounts';
import { createTeacher } from '../support/lectures';
import { keptAnswers } from '../support/offline';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const PHONE = { width: 360, height: 740 };
const SHOTS = '/tmp/shots-e';

/** The day the page marks: the browser's own today, as the roster opens on it. */
const pageToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

test('a teacher marks a 60-student day roster offline; on reconnecting each mark is saved once and one made meanwhile is shown, not overwritten', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const group = `Pocket Day ${unique()}`;
  await createGroup(request, group);
  const students = await createStudents(request, group, 60, 'Pocket Day');
  const teacherId = await createTeacher(request, 'Pocket Day Teacher');

  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: PHONE, baseURL });
  const page = await context.newPage();
  await signInAs(page, teacherId, /\/teacher\/home$/, OWN_PASSWORD);
  // The app opened afresh in the teacher's area, as an installed app starts.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, PAGE_LOAD);
  await page.goto(`/teacher/attendance?group=${encodeURIComponent(group)}`);
  await expect(page.getByRole('button', { name: 'Mark all present' })).toBeVisible(PAGE_LOAD);
  await expect
    .poll(() => keptAnswers(page), PAGE_LOAD)
    .toEqual(expect.arrayContaining(['/api/students', '/api/attendance-marks', '/api/attendance-leave']));
  const day = await pageToday(page);
  const other = await bearer(request, DEMO.teacher);
  const marks = async () => {
    const res = await request.get('/api/attendance-marks', { headers: other, params: { group, date: day } });
    expect(res.status()).toBe(200);
    return Object.fromEntries(
      ((await res.json()) as { studentId: number; status: string }[]).map((m) => [m.studentId, m.status]),
    );
  };

  // In the classroom: no signal. The roster opens from the phone and is marked.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Mark all present' }).click();
  await page.getByRole('button', { name: 'Submit Attendance' }).click();
  const waiting = page.getByRole('status').filter({ hasText: '60 marks waiting to send' }).first();
  await expect(waiting).toBeVisible(PAGE_LOAD);
  await expect(page.locator('#app-state')).toHaveText(/^Offline — as of .+ · 60 marks waiting to send$/);
  await waiting.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/day-roster-waiting-360.png` });
  expect(await marks()).toEqual({});

  // Meanwhile another teacher, with a signal, marks one of them Absent.
  const marked = students[2]!;
  const meanwhile = await request.post('/api/mark-attendance', {
    headers: other,
    data: { date: day, attendanceRecords: [{ studentId: marked, status: 'Absent' }] },
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(200);

  // Back in signal: nothing is written over theirs; both are put before the teacher.
  await context.setOffline(false);
  const conflict = page.getByRole('alert').filter({ hasText: 'Marked by someone else meanwhile' });
  await expect(conflict).toBeVisible(PAGE_LOAD);
  await expect(conflict).toContainText(`Pocket Day 3 (${marked}): theirs Absent`);
  await expect(conflict).toContainText('yours Present');
  await conflict.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/day-roster-conflict-360.png` });
  expect(await marks()).toEqual({ [marked]: 'Absent' });

  await conflict.getByRole('button', { name: 'Keep their marks' }).click();
  await expect(conflict).toBeHidden(PAGE_LOAD);
  await expect
    .poll(marks, PAGE_LOAD)
    .toEqual(Object.fromEntries(students.map((s) => [s, s === marked ? 'Absent' : 'Present'])));
  // Each student holds the day once.
  for (const rollNo of [students[0]!, marked]) {
    const history = await request.get(`/api/attendance/${rollNo}`, { headers: other });
    expect(history.status()).toBe(200);
    const days = ((await history.json()) as { date: string }[]).filter((r) => r.date === day);
    expect(days).toHaveLength(1);
  }
  await expect(page.locator('#app-state .pwa-bar')).toHaveCount(0);
  await context.close();
});
