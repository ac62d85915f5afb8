import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { approveAndSeeItLive, setLiveScene } from '../support/live';

test('a teacher approves in one browser and the student sees it within 2 s, without a reload, with a notification', async ({
  browser,
}) => {
  const scene = await setLiveScene(browser, '2031-09-09');
  const { student, teacher, approved } = scene;
  // The teacher hears of the request too: the bell counts it.
  await expect(teacher.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await approveAndSeeItLive(scene);
  await expect(approved).toContainText('Decided by');

  const bell = student.getByRole('link', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(student).toHaveURL(/\/student\/notifications$/);
  await expect(student.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = student
    .getByRole('listitem')
    .filter({ hasText: 'Your gate pass for 9 Sept 2031 was approved by' });
  await expect(item.first()).toBeVisible();
  await expectAccessible(student);
  // Opening the inbox marked it read: it stays New for this visit, and can be marked unread again.
  await expect(item.first()).toHaveAccessibleName(/^New: Your gate pass for 9 Sept 2031/);
  await item.first().getByRole('button', { name: 'Mark unread' }).click();
  await expect(item.first()).toHaveAccessibleName(/^Unread: Your gate pass for 9 Sept 2031/);
  await expect(student.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await item.first().getByRole('button', { name: 'Mark read' }).click();
  // Other journeys may tell this student of something meanwhile; this notification is read now.
  await expect(item.first()).toHaveAccessibleName(/^New: Your gate pass for 9 Sept 2031/);
  await expect(item.first().getByRole('button', { name: 'Mark unread' })).toBeVisible();

  await scene.close();
});
