import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signInAs } from '../support/session';

test('a teacher approves in one browser and the student sees it within 2 s, without a reload, with a notification', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reason = `Live ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const student = await (await browser.newContext()).newPage();
  const teacher = await (await browser.newContext()).newPage();
  await signInAs(student, DEMO.student, /\/student\/home$/);
  await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);

  await student.goto('/student/gatepass');
  await student.getByLabel('Date').fill('2031-09-09');
  await student.getByLabel('Time').fill('09:30');
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
  const request = teacher.getByRole('row').filter({ hasText: reason });
  // The teacher hears of the request too: the bell counts it.
  await expect(teacher.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await request.getByRole('button', { name: 'Approve' }).click();
  // The decision waits five seconds for Undo; Send now sends it at once, and the 2 s start then.
  await teacher.getByRole('button', { name: 'Send now' }).click();
  const decidedAt = Date.now();

  await expect(approved).toBeVisible({ timeout: 2000 });
  expect(Date.now() - decidedAt).toBeLessThan(2000);
  expect(reloaded).toBe(false);
  await expect(approved).toContainText('Decided by');

  const bell = student.getByRole('link', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(student).toHaveURL(/\/student\/notifications$/);
  await expect(student.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = student
    .getByRole('listitem')
    .filter({ hasText: 'Your gate pass for 2031-09-09 was approved by' });
  await expect(item.first()).toBeVisible();
  await expectAccessible(student);
  await student.getByRole('button', { name: 'Mark all read' }).click();
  await expect(student.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(student.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  await student.context().close();
  await teacher.context().close();
});
