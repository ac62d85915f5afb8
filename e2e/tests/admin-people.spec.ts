import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signInAs } from '../support/session';

async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  // The shell's hovered active nav link is below AA contrast (app layout, reported); axe checks the page.
  await page.mouse.move(0, 0);
}

test('an admin lists and searches the teachers in Manage Teachers', async ({ page }) => {
  await signInAs(page, DEMO.admin, /\/admin\/home$/);

  await nav(page, 'Manage Teachers');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Teachers' })).toBeVisible();
  const teachers = page.getByRole('table', { name: 'Teachers' });
  await expect(teachers.getByRole('columnheader').first()).toHaveText('Name');
  await expect(teachers.getByRole('columnheader').nth(1)).toHaveText('Teacher ID');
  await expect(teachers.getByRole('columnheader').nth(2)).toHaveText('Email');
  await expect(teachers.getByRole('row').filter({ hasText: String(DEMO.teacher) })).toContainText(
    'Dr. Anjali Rao',
  );
  await expectAccessible(page);
  await page.getByLabel('Search teachers').fill('Sameer');
  await expect(teachers.getByRole('row')).toHaveCount(2);
  await expect(teachers).toContainText(String(DEMO.otherTeacher));
  await page.getByLabel('Search teachers').fill('no such teacher');
  await expect(page.getByText('No teachers found.')).toBeVisible();
  await expectAccessible(page);
});

test('an admin pages and searches the student list', async ({ page }) => {
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await nav(page, 'Manage Students');
  await expect(page.getByRole('heading', { level: 1, name: 'Students Collection' })).toBeVisible();
  const students = page.getByRole('table', { name: 'Students', exact: true });
  await expect(students.getByRole('cell', { name: String(DEMO.student), exact: true })).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Student list pages' });
  await expect(pages).toContainText(/^Previous1–20 of [\d,]+Next$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText(/21–40 of [\d,]+/);
  await expect(students.getByRole('cell', { name: String(DEMO.student), exact: true })).toHaveCount(0);
  await page.getByLabel('Search students').fill(String(DEMO.otherGroupStudent));
  await expect(students.getByRole('row')).toHaveCount(2);
  await expect(pages).toHaveCount(0);
  await expectAccessible(page);
});

test('at phone width the student list is a stack of cards that never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page.goto('/admin/manage-students');
  const region = page.getByRole('region', { name: 'Students', exact: true });
  const row = region.getByRole('table').locator('tbody > tr').first();
  await expect(row).toBeVisible();
  // Each student is a card: the cells stand one under another, each named by its column.
  expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
  await expect(row).toContainText(/\b23\d{4}\b/);
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
