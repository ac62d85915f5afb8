/**
 * What a review of the gate pass screens asked for (issue 25): the new pass shows at once after
 * applying; a bulk decision's Undo puts the rows back to decide, with nothing left ticked (issue 58),
 * the actions held at the bottom of the screen while rows are ticked; the tab, filters and sort live
 * in the address.
 */
import { expect, test, type Page } from '@playwright/test';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

// A student of the teacher's group that no other journey uses (one student may apply 5 times an hour).
const STUDENT = 230017;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function apply(student: Page, reason: string): Promise<void> {
  await student.getByLabel('Date').fill('2031-08-14');
  await student.getByLabel('Time').fill('16:45');
  await student.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await student.getByRole('button', { name: 'Submit' }).click();
  await expect(
    student.getByRole('status').filter({ hasText: 'Gate pass submitted successfully!' }),
  ).toBeVisible();
}

test('a student sees the pass they applied for at once; a teacher undoes a bulk approval and nothing stays selected', async ({
  browser,
}) => {
  const [first, second] = [`Review A ${unique()}`, `Review B ${unique()}`];
  const student = await (await browser.newContext()).newPage();
  await signInAs(student, STUDENT, /\/student\/home$/);
  await student.goto('/student/gatepass');
  await apply(student, first);
  // Item 7: the new pass, with its status, under the cleared form.
  const created = student.getByRole('region', { name: 'Your new gate pass' });
  await expect(created.getByRole('article', { name: 'Gate pass for 14 Aug 2031 at 4:45 pm' })).toContainText(
    first,
  );
  await expect(created).toContainText('pending');
  await expect(student.getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  await created.getByRole('button', { name: 'View in Applied Gate Pass' }).click();
  await expect(student.getByRole('tab', { name: 'Applied Gate Pass' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Item 11: the tab is in the address, so a reload keeps it.
  await expect(student).toHaveURL(/[?&]tab=pending\b/);
  await student.reload();
  await expect(student.getByRole('tab', { name: 'Applied Gate Pass' })).toHaveAttribute(
    'aria-selected',
    'true',
    PAGE_LOAD,
  );
  await expect(student.getByRole('tabpanel').getByRole('article').filter({ hasText: first })).toBeVisible();
  await student.getByRole('tab', { name: 'Apply for Gate Pass' }).click();
  await apply(student, second);

  // A short window, so that the list scrolls.
  const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 560 } })).newPage();
  await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);
  await teacher.goto('/teacher/gatepass');
  const rows = [first, second].map((reason) => teacher.getByRole('row').filter({ hasText: reason }));
  for (const row of rows) {
    await expect(row).toBeVisible(PAGE_LOAD);
    await row.getByRole('checkbox').check();
  }
  const bar = teacher.getByRole('toolbar', { name: 'Selected gate passes' });
  await expect(bar).toContainText('2 selected');
  // Item 2: scrolled to the end of the page, the actions are still on screen.
  await teacher.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar).toBeInViewport({ ratio: 1 });
  await bar.getByRole('button', { name: 'Approve selected' }).click();
  const toast = teacher.getByRole('alert').filter({ hasText: 'Approved 2 gate passes.' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(rows[0]!.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(bar).toContainText('0 selected');
  for (const row of rows) await expect(row.getByRole('checkbox')).not.toBeChecked();

  // Item 11: the sort and the tab are in the address; a reload keeps them.
  await teacher
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Student/ })
    .click();
  await expect(teacher).toHaveURL(/[?&]sort=name\b/);
  await teacher.reload();
  await expect(teacher.getByRole('tabpanel').getByRole('columnheader', { name: /^Student/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
    PAGE_LOAD,
  );
  await teacher.getByRole('tab', { name: /Approved Gate Passes/ }).click();
  await expect(teacher).toHaveURL(/[?&]tab=approved\b/);
  await teacher.reload();
  await expect(teacher.getByRole('tab', { name: /Approved Gate Passes/ })).toHaveAttribute(
    'aria-selected',
    'true',
    PAGE_LOAD,
  );

  await student.context().close();
  await teacher.context().close();
});
