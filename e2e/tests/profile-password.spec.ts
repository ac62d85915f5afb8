import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO_PASSWORD, signIn, signInAs } from '../support/session';

// A demo student no other journey uses, so changing the password disturbs nobody.
const STUDENT = 230050;

test('a student reads their profile and changes the password; the old one stops working', async ({
  page,
}) => {
  await signInAs(page, STUDENT, /\/student\/home$/);
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/student\/profile$/);
  await expect(page.getByRole('heading', { name: 'Student Profile' })).toBeVisible();
  await expect(page.getByText(String(STUDENT), { exact: true })).toBeVisible();
  await expect(page.getByText(/campus123|argon2/)).toHaveCount(0);
  await expectAccessible(page);

  // Each problem is said on the field that fixes it, the server's as well as the form's own.
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password');
  await current.fill(DEMO_PASSWORD);
  await next.fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(next).toHaveAttribute('aria-invalid', 'true');
  await expect(next).toHaveAccessibleDescription(/New password must be at least 8 characters/);

  await current.fill('not-my-password');
  await next.fill('a-new-password-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('The current password is not correct');
  await expect(current).toBeFocused();
  await expectAccessible(page);

  await current.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  await expect(current).toHaveValue('');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, STUDENT, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid User ID or password');
  await signIn(page, STUDENT, 'a-new-password-42');
  await expect(page).toHaveURL(/\/student\/home$/);
});
