/**
 * A guardian on a phone (issue 61): the demo guardian of students 230001 and 230002 signs in with a
 * code read from the mail that reached the SMTP server, sees where each child is today, and switches
 * to the other child to see their attendance forecast. Every switch is at least 44 px tall.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';

const GUARDIAN_EMAIL = 'sunita.verma@family.example.org';
const MAIL_DIR = join(process.env.E2E_DATA_DIR!, 'mail-sink');
const SHOTS = '/tmp/shots-guardian';

test.use({ viewport: { width: 360, height: 740 } });

/** The code in the newest sign-in mail the SMTP sink received for the guardian, if any. */
function newestCode(): string | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return undefined;
  }
  const raw = files
    .map((name) => readFileSync(join(MAIL_DIR, name), 'utf8'))
    .filter((text) => text.includes(GUARDIAN_EMAIL) && text.includes('sign-in code'))
    .at(-1);
  return raw ? /(\d{6}) is your Campus Portal sign-in code/.exec(raw)?.[1] : undefined;
}

async function childSwitch(page: Page) {
  return page.getByRole('radiogroup', { name: 'Show the records of' });
}

test('the demo guardian signs in by code and switches between two children on a phone', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Parent or guardian? Sign in with a code' }).click();
  await expect(page).toHaveURL(/\/guardian-sign-in$/);
  await expect(page.getByRole('heading', { name: 'Guardian sign-in' })).toBeVisible();
  const before = newestCode();
  await page.getByLabel('Email address').fill(GUARDIAN_EMAIL);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toContainText('If this address belongs to a guardian');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/code-360.png`, fullPage: true });

  let code: string | undefined;
  await expect.poll(() => (code = newestCode()), { timeout: 20_000 }).not.toBe(before);
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Sign-in code').fill(code!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/guardian\/children/);
  await expect(page.getByRole('heading', { name: 'My children' })).toBeVisible();

  // Two children, one switch; the first child's day and records.
  const choices = (await childSwitch(page)).getByRole('radio');
  await expect(choices).toHaveCount(2);
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today).toContainText(/roll number 23000[12]/);
  const first = /roll number (\d+)/.exec((await today.textContent()) ?? '')![1]!;
  const other = first === '230001' ? '230002' : '230001';
  await expect(page.getByRole('region', { name: 'Attendance' })).toContainText('Overall:');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/children-360.png`, fullPage: true });

  // Each choice is a target of at least 44 px.
  for (const label of await (await childSwitch(page)).locator('label').all()) {
    const box = await label.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }

  // The other child: their attendance with the forecast per course.
  await (await childSwitch(page)).locator('label').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`child=${other}`));
  await expect(today).toContainText(`roll number ${other}`);
  const attendance = page.getByRole('region', { name: 'Attendance' });
  await expect(attendance).toContainText('Overall:');
  await expect(attendance).toContainText(/to stay at|can no longer be reached|is safe|remain this term/);
  await expect(page.getByRole('region', { name: 'Marks' })).toContainText('CGPA');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/other-child-360.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('region', { name: 'Attendance' })).toContainText('Overall:');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/other-child-1280.png`, fullPage: true });
});
