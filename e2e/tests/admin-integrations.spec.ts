import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { unique } from '../support/accounts';
import { settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

test('an admin creates an integration, sees its token once, and the token reads attendance but cannot mark it', async ({
  page,
  request,
}) => {
  const name = `Registrar ${unique()}`;
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await page.goto('/admin/integrations');
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Create an integration' });
  await form.getByRole('textbox', { name: /Name/ }).fill(name);
  await form.getByRole('checkbox', { name: /Read students' attendance/ }).check();
  await form.getByRole('button', { name: 'Create integration' }).click();

  const dialog = page.getByRole('dialog', { name: 'Integration token' });
  await expect(dialog.getByText(/will not be shown again/)).toBeVisible();
  const token = await dialog.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(token).toMatch(/^cp_/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The list shows the client, never its token again.
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('read:attendance');
  await expect(card).toContainText('Never used');
  await expect(page.locator('body')).not.toContainText(token);

  const auth = { authorization: `Bearer ${token}` };
  const read = await request.get(`/api/attendance/${DEMO.student}`, { headers: auth });
  expect(read.status(), await read.text()).toBe(200);
  const mark = await request.post('/api/mark-attendance', {
    headers: auth,
    data: { date: '2026-01-05', attendanceRecords: [{ studentId: DEMO.student, status: 'Present' }] },
  });
  expect(mark.status()).toBe(403);
  expect((await mark.json()).message).toContain('write:attendance');

  await page.reload();
  await settle(page);
  await expect(card).toContainText('Last used');
  await card.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this integration?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(card).toContainText('Revoked');
  const after = await request.get(`/api/attendance/${DEMO.student}`, { headers: auth });
  expect(after.status()).toBe(401);

  // On a phone the form and the cards fit the width, and the controls are a finger's size.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const create = form.getByRole('button', { name: 'Create integration' });
  expect((await create.boundingBox())?.height).toBeGreaterThanOrEqual(44);
});
