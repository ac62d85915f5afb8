import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

/** The work list for every student, once the screen has loaded (the switch is in the address). */
async function everyStudent(teacher: Page): Promise<void> {
  await settle(teacher);
  const mine = teacher.getByRole('switch', { name: 'My mentees only' });
  await expect(async () => {
    if (await mine.isChecked()) await mine.uncheck();
    await expect(mine).not.toBeChecked();
  }).toPass();
  await expect(teacher).toHaveURL(/[?&]mine=0/);
}

// A demo student no other journey uses.
const STUDENT = 230005;

const card = (page: Page, text: string): Locator =>
  page.getByRole('tabpanel').getByRole('article').filter({ hasText: text });

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('a teacher hides a spam query from the boards, its student still sees it, an admin shows it again', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const topic = `Cheap followers ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const open = async () => (await browser.newContext()).newPage();

  const student = await open();
  await signInAs(student, STUDENT, /\/student\/home$/);
  await student.goto('/student/queries');
  await openTab(student, 'Write Query');
  await student.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await student.getByRole('textbox', { name: 'Tags' }).fill('offers');
  await student.getByRole('textbox', { name: 'Query' }).fill('Visit my page for followers.');
  await student.getByRole('button', { name: 'Submit Query' }).click();
  await expect(
    student.getByRole('status').filter({ hasText: 'Query submitted successfully!' }),
  ).toBeVisible();

  const teacher = await open();
  await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);
  await teacher.goto('/teacher/queries');
  // The work list opens on the teacher's mentees; this student may be in another group.
  await everyStudent(teacher);
  const spam = teacher.getByRole('tabpanel').getByRole('row').filter({ hasText: topic });
  await spam.getByRole('button', { name: `Hide as spam: ${topic}` }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Hide this query as spam?' });
  await expect(dialog).toContainText(topic);
  await expectAccessible(teacher);
  await dialog.getByRole('button', { name: 'Hide as spam' }).click();
  await expect(teacher.getByRole('status')).toContainText(`“${topic}” was hidden as spam.`);
  await expect(spam).toHaveCount(0);
  await expectAccessible(teacher);

  await student.goto('/student/queries');
  await expect(student.getByRole('tabpanel')).toBeVisible();
  await expect(card(student, topic)).toHaveCount(0);
  await openTab(student, 'Your Queries');
  await expect(card(student, topic).getByRole('note')).toContainText('Staff hid this query as spam');
  await expectAccessible(student);

  const admin = await open();
  await signInAs(admin, DEMO.admin, /\/admin\/home$/);
  await admin.goto('/admin/queries');
  await admin.getByLabel('Search queries').fill(topic);
  const row = admin.getByRole('row').filter({ hasText: topic });
  await expect(row).toContainText('Hidden');
  // The search has answered (the header and this row), so the row stays put for the click below.
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expectAccessible(admin);
  await row.getByRole('button', { name: `Show again: ${topic}` }).click();
  await expect(admin.getByRole('status')).toContainText(`“${topic}” is on the boards again.`);
  await expect(row).not.toContainText('Hidden');

  await teacher.goto('/teacher/queries');
  await everyStudent(teacher);
  await expect(spam).toBeVisible();

  for (const page of [student, teacher, admin]) await page.context().close();
});
