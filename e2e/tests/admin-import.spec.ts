import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signIn, signInAs } from '../support/session';

const FIXTURES = join(import.meta.dirname, '../fixtures');

async function checkFile(page: Page, name: string) {
  await page.locator('input[type="file"]').setInputFiles(join(FIXTURES, name));
  await page.getByRole('button', { name: 'Check file' }).click();
}

test('an admin checks a registrar’s file, fixes it, imports it, and a new student signs in with a one-time password', async ({
  page,
  browser,
}) => {
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Import', exact: true })
    .click();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await expectAccessible(page);

  // The file with its deliberate mistakes: each named by row, field and problem; nothing to import.
  await checkFile(page, 'students-200.csv');
  await expect(page.getByText('The file has 5 problems.')).toBeVisible();
  const problems = page.getByRole('table', { name: /Problems in the file/ });
  const rows = problems.getByRole('row');
  await expect(rows).toHaveCount(6);
  // Row, field, the offending value as the file has it, and the problem.
  await expect(rows.nth(1)).toHaveText('12RollNo240010240010 appears again (first on row 11)');
  await expect(rows.nth(2)).toHaveText(
    '22RollNo500003500003 is already the User ID of a teacher, not a student',
  );
  await expect(rows.nth(3)).toHaveText('32emailnot-an-emailmust be a valid email');
  await expect(rows.nth(4)).toHaveText('42name(empty)is required');
  await expect(rows.nth(5)).toHaveText('52emailsomeone@must be a valid email');
  await expect(problems.getByRole('cell', { name: 'not-an-email' })).toBeVisible();

  // The problems, downloaded to be fixed in a spreadsheet.
  const problemsFile = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download problems (CSV)' }).click();
  const saved = await problemsFile;
  expect(saved.suggestedFilename()).toBe('students-import-problems.csv');
  const problemLines = (await readFile(await saved.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(problemLines).toEqual([
    'row,field,value,problem',
    '12,RollNo,240010,240010 appears again (first on row 11)',
    '22,RollNo,500003,"500003 is already the User ID of a teacher, not a student"',
    '32,email,not-an-email,must be a valid email',
    '42,name,,is required',
    '52,email,someone@,must be a valid email',
  ]);
  await expect(importButton).toBeDisabled();
  await expectAccessible(page);

  // Corrected and checked again.
  await checkFile(page, 'students-200-fixed.csv');
  await expect(page.getByText('No problems found. Press “Import” to import the file.')).toBeVisible();
  await expect(
    page.getByText('200 rows: 200 would be created, 0 would be updated, 0 unchanged.'),
  ).toBeVisible();
  await expect(page.getByText('New groups to create: CSE-C, ECE-B, IT-A, ME-A.')).toBeVisible();
  await importButton.click();
  await expect(page.getByText('Import finished.')).toBeVisible();
  await expect(page.getByText('200 rows: 200 created, 0 updated, 0 unchanged.')).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download one-time passwords' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('students-one-time-passwords.csv');
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('userId,name,oneTimePassword');
  expect(lines).toHaveLength(201);
  const [userId, name, oneTimePassword] = lines.find((l) => l.startsWith('240001,'))!.split(',');
  expect(name).toBe('Aanya Agarwal');

  // The new student signs in with it and must choose a password of their own first.
  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, userId!, oneTimePassword);
  await expect(student).toHaveURL(/\/change-password$/);
  await expect(student.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await student.getByLabel('One-time password').fill(oneTimePassword!);
  await student.getByLabel(/^New password/).fill('my own new password 1');
  await student.getByLabel(/^Confirm new password/).fill('my own new password 1');
  await student.getByRole('button', { name: 'Change password' }).click();
  await expect(student).toHaveURL(/\/student\/home$/);
  await context.close();
});

test('the import page fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await checkFile(page, 'students-200.csv');
  await expect(page.getByText('The file has 5 problems.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});
