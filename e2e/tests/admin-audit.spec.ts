import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signIn, signInAs } from '../support/session';

test('an admin finds a failed sign-in in the audit log, filtered by User ID and action, which reads as words', async ({
  page,
}) => {
  await signIn(page, 230058, 'definitely-wrong');
  await expect(page.getByRole('alert')).toHaveText('Invalid User ID or password');

  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await page.getByLabel('User ID').fill('230058');
  await page.getByLabel('Action').first().click();
  await page.getByRole('option', { name: 'Sign-in refused' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Sign-in refused' }).first();
  await expect(row).toContainText('230058');
  await expect(row).toContainText('HTTP 401');
  await expectAccessible(page);
});
