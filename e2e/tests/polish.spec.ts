import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

test('a student reads their attendance by month, as a calendar, and the absences only', async ({ page }) => {
  await signInAs(page, DEMO.student, /\/student\/home$/);
  await page.goto('/student/attendance');
  const records = page.getByRole('region', { name: 'Attendance records' });
  await expect(records).toBeVisible(PAGE_LOAD);

  // One section a month, newest first, each with its counts and its days.
  const months = records.getByRole('heading', { level: 2 });
  const names = await months.allTextContents();
  expect(names.length).toBeGreaterThan(1);
  for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  const firstMonth = records.getByRole('region', { name: names[0] });
  await expect(firstMonth.getByText(/^\d+ present · \d+ absent/)).toBeVisible();
  const allRows = await records.getByRole('row').count();
  await expectAccessible(page);

  // Absences only: every row left says Absent, and the choice survives a reload.
  // The filter lives in the address: the box shows the change once the address has it.
  const absencesOnly = page.getByRole('checkbox', { name: 'Absences only' });
  await absencesOnly.click();
  await expect(absencesOnly).toBeChecked();
  await expect(page).toHaveURL(/absences=1/);
  const statuses = records.locator('tbody tr td:nth-child(2)');
  const shown = await statuses.allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['Absent']));
  expect(await records.getByRole('row').count()).toBeLessThan(allRows);
  await page.reload();
  await expect(absencesOnly).toBeChecked(PAGE_LOAD);

  // The calendar: a month grid whose days say their status in words as well as colour.
  await absencesOnly.click();
  await expect(absencesOnly).not.toBeChecked();
  await page.getByText('Calendar', { exact: true }).click();
  const grid = page.getByRole('table', { name: `${names[0]} calendar` });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  await expect(grid.locator('td[data-status]').first()).toHaveText(/Present|Absent|On leave/);
  await expect(page.getByRole('list', { name: 'Calendar key' })).toContainText('On leave');
  await expectAccessible(page);
});

test('an export says which file it saved, and the other exports stay free meanwhile', async ({ page }) => {
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible(PAGE_LOAD);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download teachers as CSV' }).click();
  await expect(page.getByRole('button', { name: 'Download students as CSV' })).toBeEnabled();
  const file = await download;
  await expect(page.getByRole('status')).toHaveText(`Downloaded ${file.suggestedFilename()}.`);
  await expectAccessible(page);
});

test('the attendance calendar is accessible in the dark scheme too', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await signInAs(page, DEMO.student, /\/student\/home$/);
  await page.goto('/student/attendance?view=calendar');
  await expect(page.getByRole('list', { name: 'Calendar key' })).toBeVisible(PAGE_LOAD);
  await expect(page.locator('table[aria-label$=" calendar"]').first()).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
