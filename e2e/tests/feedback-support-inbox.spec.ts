/**
 * One feedback pattern: a toast that says what happened and links to it. A student's gate pass
 * toast leads to the new pass; a support message gets a reference number and the address replies
 * go to; the admin's support inbox shows it as new, and the counts follow each change of status.
 * The gate pass is applied for by demo student 230006, so the journey has its own hourly limit.
 */
import { expect, test, type Page } from '@playwright/test';
import { PATHS } from '@campus/contract';
import { expectAccessible } from '../support/a11y';
import { DEMO, signInAs } from '../support/session';

const STUDENT = 230006;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The button of a status, such as "In progress (3)". */
const statusButton = (page: Page, label: string) =>
  page
    .getByRole('group', { name: 'Show messages by status' })
    .getByRole('button', { name: new RegExp(`^${label} \\(\\d+\\)$`) });

/** The number on a status's button. */
async function countOf(page: Page, label: string): Promise<number> {
  const text = (await statusButton(page, label).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1]);
}

test('a student applies for a gate pass and the toast leads to the new pass', async ({ page }) => {
  const reason = `Toast ${unique()}`;
  await signInAs(page, STUDENT, /\/student\/home$/);
  await page.goto(PATHS.student.gatepass);
  await page.getByLabel('Date').fill('2031-11-12');
  await page.getByLabel('Time').fill('10:45');
  await page.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await page.getByRole('button', { name: 'Submit' }).click();

  const toast = page.getByRole('status').filter({ hasText: 'Gate pass submitted successfully!' });
  await expect(toast).toBeVisible();
  // The pointer rests on the toast, which keeps it open however long the accessibility scan takes.
  await toast.hover();
  await expectAccessible(page);
  await toast.getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('tab', { name: 'Applied Gate Pass' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByText(reason)).toBeVisible();
  await expect(toast).toBeHidden();
});

test('a support message gets a reference number; the admin moves it from new to in progress to resolved', async ({
  page,
  browser,
}) => {
  const email = `inbox-${unique()}@example.org`;
  const message = `Inbox ${unique()}: the timetable shows last semester.`;
  await page.goto('/support');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ravi Menon');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('button', { name: 'Submit' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Message sent' });
  await expect(toast).toContainText("Thank you for your feedback! We'll get back to you shortly.");
  await expect(toast).toContainText(`Replies will go to ${email}.`);
  const reference = /SR-[0-9A-F]{8}/.exec((await toast.textContent()) ?? '')?.[0];
  expect(reference, 'the toast shows a reference number').toBeTruthy();
  await expectAccessible(page);

  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, DEMO.admin, /\/admin\/home$/);
  await admin.goto(PATHS.admin.help);
  await expect(admin.getByRole('heading', { level: 1, name: 'Support Collection' })).toBeVisible();
  // Other journeys may send support messages meanwhile; only this one changes statuses.
  const before = {
    inProgress: await countOf(admin, 'In progress'),
    resolved: await countOf(admin, 'Resolved'),
  };

  const row = admin.getByRole('row').filter({ hasText: message });
  await expect(row).toContainText(reference!);
  const status = row.getByRole('combobox', { name: `Status of ${reference} from Ravi Menon` });
  await expect(status).toHaveValue('new');
  await expect(row.getByRole('link', { name: 'Reply by email to Ravi Menon' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${email.replace(/[.]/g, '\\.')}\\?subject=`),
  );
  await expectAccessible(admin);

  await status.selectOption('in_progress');
  await expect(
    admin.getByRole('status').filter({ hasText: `${reference} from Ravi Menon marked in progress.` }),
  ).toBeVisible();
  await expect.poll(() => countOf(admin, 'In progress')).toBe(before.inProgress + 1);

  // The filter keeps the message under its status only.
  await statusButton(admin, 'In progress').click();
  await expect(row).toBeVisible();
  await statusButton(admin, 'New').click();
  await expect(row).toHaveCount(0);
  await statusButton(admin, 'All').click();

  await row
    .getByRole('combobox', { name: `Status of ${reference} from Ravi Menon` })
    .selectOption('resolved');
  await expect.poll(() => countOf(admin, 'Resolved')).toBe(before.resolved + 1);
  expect(await countOf(admin, 'In progress')).toBe(before.inProgress);
  await expect(row.getByRole('combobox')).toHaveValue('resolved');
  await expectAccessible(admin);
});
