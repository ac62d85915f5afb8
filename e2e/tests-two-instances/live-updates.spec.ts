import { expect, test } from '@playwright/test';
import { approveAndSeeItLive, setLiveScene } from '../support/live';

const [first, second] = (process.env.E2E_INSTANCES ?? '').split(',');

test('a teacher approves on one instance and the student on the other sees it within 2 s, without a reload', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const scene = await setLiveScene(browser, '2031-09-10', { studentBase: second, teacherBase: first });
  expect(new URL(scene.student.url()).port).not.toBe(new URL(scene.teacher.url()).port);
  await approveAndSeeItLive(scene);
  await expect(scene.student.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await scene.close();
});
