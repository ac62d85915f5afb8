/**
 * The admins' timetable screen: a group's week on its grid, a period moved onto another refused in the
 * server's words, the courses, holidays and term tabs, and on a phone the week as a list per day.
 */
import { expect, test } from '@playwright/test';
import { PATHS } from '@campus/contract';
import { expectAccessible } from '../support/a11y';
import { settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

test('an admin opens a group’s week, and a period moved onto another is refused with the clash named', async ({
  page,
}) => {
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Timetable', exact: true })
    .click();
  // The pointer leaves the link it pressed, whose hover colours are not what axe should judge.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible();
  await page.getByLabel('Group').selectOption('CSE-A');
  const monday = page.getByRole('region', { name: 'Week of CSE-A' }).getByRole('region', { name: 'Monday' });
  await expect(monday.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);

  // The day's first period moved to the hour of its second: the group would be in two places.
  await monday.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Course' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByLabel(/^Start/).fill('10:00');
  await dialog.getByLabel(/^End/).fill('10:50');
  await dialog.getByRole('button', { name: 'Save period' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    /Clash: group CSE-A already has CS30\d \(CSE-A\) on Monday 10:00–10:50 in \S+/,
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  for (const [tab, shown] of [
    ['Courses', page.getByRole('table', { name: 'Courses' })],
    ['Holidays', page.getByRole('table', { name: 'Holidays' })],
    ['Term', page.getByRole('combobox', { name: 'Time zone' })],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(shown).toBeVisible();
    await expectAccessible(page);
  }
});

test('on a phone the week is a list per day, one day under another', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page.goto(`${PATHS.admin.timetable}?group=CSE-A`);
  await settle(page);
  const week = page.getByRole('region', { name: 'Week of CSE-A' });
  const monday = week.getByRole('region', { name: 'Monday' });
  const tuesday = week.getByRole('region', { name: 'Tuesday' });
  await expect(monday.getByRole('listitem').first()).toBeVisible();
  const [mon, tue, lastMonday] = await Promise.all([
    monday.boundingBox(),
    tuesday.boundingBox(),
    monday.getByRole('listitem').last().boundingBox(),
  ]);
  expect(tue!.x).toBe(mon!.x);
  expect(tue!.y).toBeGreaterThan(lastMonday!.y + lastMonday!.height);
  // Nothing of the week reaches past the screen's edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});
