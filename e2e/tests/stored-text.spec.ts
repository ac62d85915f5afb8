import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session';

// A demo student no other journey uses.
const STUDENT = 230004;

test('text a user stores is shown back as text, never as markup', async ({ page }) => {
  const marker = `m${Date.now().toString(36)}`;
  const topic = `<b id="${marker}">bold</b> topic`;
  const question = `<img src=x onerror="window.${marker}=1"> does this run?`;
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });

  await signInAs(page, STUDENT, /\/student\/home$/);
  await page.goto('/student/queries');
  await page.getByRole('tab', { name: 'Write Query', exact: true }).click();
  await page.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await page.getByRole('textbox', { name: 'Tags' }).fill('<i>tag</i>');
  await page.getByRole('textbox', { name: 'Query' }).fill(question);
  await page.getByRole('button', { name: 'Submit Query' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Query submitted successfully!' })).toBeVisible();

  await page.getByRole('tab', { name: 'Your Queries', exact: true }).click();
  await expect(page.getByText(topic, { exact: true })).toBeVisible();
  await expect(page.getByText(question, { exact: true })).toBeVisible();
  await expect(page.getByText('<i>tag</i>', { exact: true })).toBeVisible();
  await expect(page.locator(`#${marker}`)).toHaveCount(0);
  expect(
    await page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], marker),
  ).toBeUndefined();
  expect(dialogs).toBe(0);
});
