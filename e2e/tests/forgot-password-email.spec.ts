import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO_PASSWORD, signIn } from '../support/session';

// A demo student no other journey uses, so resetting the password disturbs nobody.
const STUDENT = 230014;
const MAIL_DIR = join(process.env.E2E_DATA_DIR!, 'mail-sink');

/** The text of the newest mail the SMTP sink received for the student, if any (quoted-printable undone). */
function resetMail(): string | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return undefined;
  }
  const mails = files
    .map((name) => readFileSync(join(MAIL_DIR, name), 'utf8'))
    .filter(
      (raw) => raw.includes(`.${STUDENT}@campus.example.edu`) && raw.includes('new Campus Portal password'),
    );
  const raw = mails.at(-1);
  return raw
    ?.replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test('a forgotten password is reset from the link in the mail that reached the SMTP server', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('User ID').fill(String(STUDENT));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If that User ID belongs to an account with an email address',
  );
  await expectAccessible(page);

  let text: string | undefined;
  await expect.poll(() => (text = resetMail()), { timeout: 20_000 }).toBeTruthy();
  expect(text).toContain('Why you got this');
  const link = /(http:\/\/127\.0\.0\.1:\d+\/reset\?token=[\w-]+)/.exec(text!)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('a-reset-password-7');
  await page.getByLabel('Confirm new password').fill('a-reset-password-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed');
  await expectAccessible(page);

  // The link works once.
  await page.goto(link!);
  await page.getByLabel(/^New password/).fill('another-password-8');
  await page.getByLabel('Confirm new password').fill('another-password-8');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('not valid any more');

  await signIn(page, STUDENT, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid User ID or password');
  await signIn(page, STUDENT, 'a-reset-password-7');
  await expect(page).toHaveURL(/\/student\/home$/);
});
