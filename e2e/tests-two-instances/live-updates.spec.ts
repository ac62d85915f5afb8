import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from '../support/session';

const [first, second] = (process.env.E2E_INSTANCES ?? '').split(',');

test('a teacher approves on one instance and the student on the other sees it within 2 s, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reason = `Two instances ${Date.now().toString(36)}`;
  const student = await (await browser.newContext({ baseURL: second })).newPage();
  const teacher = await (await browser.newContext({ baseURL: first })).newPage();
  await signInAs(student, DEMO.student, /\/student\/home$/);
  await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);
  expect(new URL(student.url()).port).not.toBe(new URL(teacher.url()).port);

  await student.goto('/student/gatepass');
  await student.getByLabel('Date').fill('2031-09-10');
  await student.getByLabel('Time').fill('10:15');
  await student.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await student.getByRole('button', { name: 'Submit' }).click();
  await expect(
    student.getByRole('status').filter({ hasText: 'Gate pass submitted successfully!' }),
  ).toBeVisible();
  await student.getByRole('tab', { name: 'Approved Gate Pass', exact: true }).click();
  const approved = student.getByRole('tabpanel').getByRole('article').filter({ hasText: reason });
  await expect(approved).toHaveCount(0);
  let reloaded = false;
  student.on('framenavigated', (frame) => {
    if (frame === student.mainFrame()) reloaded = true;
  });

  await teacher.goto('/teacher/gatepass');
  await teacher
    .getByRole('article')
    .filter({ hasText: reason })
    .getByRole('button', { name: 'Approve' })
    .click();
  const decidedAt = Date.now();
  await expect(approved).toBeVisible({ timeout: 2000 });
  expect(Date.now() - decidedAt).toBeLessThan(2000);
  expect(reloaded).toBe(false);
  await expect(student.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
});
