/**
 * Leave that attendance knows: a student applies for leave with a medical note, their mentor
 * approves it (and can open the note), the roster shows the student On leave and locked, and an
 * explicit override marks them Present.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { signInAs } from '../support/session';
import { isoDay, readableDay } from '../support/dates';

/** Dr. Anjali Rao mentors CSE-A; student 230012 is in CSE-A, and no other journey marks CSE-A today. */
const MENTOR = 500001;
const STUDENT = 230012;
/** Another student of CSE-A whom no other journey uses: their leave is turned down. */
const REFUSED_STUDENT = 230019;
const PAGE_LOAD = { timeout: 30_000 };
/** The smallest PDF the server accepts: it checks the content, not the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function personPage(browser: Browser, userId: number, home: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, userId, home);
  return page;
}

test('a student applies for leave with a note, the mentor approves, the roster shows them On leave, an override marks them present', async ({
  browser,
}) => {
  const student = await personPage(browser, STUDENT, /\/student\/home$/);
  await student
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Leave', exact: true })
    .click();
  await expect(student).toHaveURL(/\/student\/leave$/);
  const form = student.getByRole('form', { name: 'Apply for leave' });
  await expect(form).toBeVisible(PAGE_LOAD);
  const today = isoDay(await form.getByLabel('From').inputValue());
  await form.getByLabel('Reason').fill('Fever; the doctor advised two days of rest');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'medical-note.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await form.getByRole('button', { name: 'Apply for leave' }).click();
  await expect(student.getByText('Leave application submitted.')).toBeVisible();
  const card = student.getByRole('article', { name: `Leave on ${readableDay(today)}` }).first();
  await expect(card.getByText('pending')).toBeVisible();

  const mentor = await personPage(browser, MENTOR, /\/teacher\/home$/);
  await mentor.goto('/teacher/leave');
  const row = mentor.getByRole('row').filter({ hasText: 'Fever; the doctor advised' });
  await expect(row).toBeVisible(PAGE_LOAD);
  const download = mentor.waitForEvent('download');
  await row.getByRole('button', { name: /Download the attachment medical-note\.pdf/ }).click();
  expect((await download).suggestedFilename()).toBe('medical-note.pdf');
  await row.getByRole('button', { name: /Approve the leave of/ }).click();
  // Held for Undo, as a gate pass's decision is: sent at once from the toast.
  await mentor
    .getByRole('alert')
    .filter({ hasText: 'Approved the leave of' })
    .getByRole('button', { name: 'Send now' })
    .click();
  await expect(mentor.getByText(/approved: On leave in attendance/)).toBeVisible();

  await mentor.goto('/teacher/attendance?group=CSE-A');
  const leaveRow = mentor.locator(`tr[data-roll="${STUDENT}"]`);
  await expect(leaveRow).toContainText('On leave: approved leave', PAGE_LOAD);
  const choices = mentor.getByRole('radiogroup', { name: new RegExp(`\\(${STUDENT}\\)$`) });
  await expect(choices.getByRole('radio')).toHaveCount(0);
  await expect(mentor.getByText(/ · On leave \d+ · /)).toBeVisible();

  await leaveRow.getByRole('button', { name: /Override the leave of/ }).click();
  await choices.getByRole('radio', { name: 'Present' }).check();
  await mentor.getByRole('button', { name: 'Submit Attendance' }).click();
  await expect(mentor.getByText('Attendance marked successfully!')).toBeVisible();
  await expect(leaveRow).toHaveAttribute('data-status', 'Present');

  // The student hears of the decision, and sees the leave approved.
  await student.reload();
  await expect(
    student
      .getByRole('article', { name: `Leave on ${readableDay(today)}` })
      .first()
      .getByText('approved'),
  ).toBeVisible(PAGE_LOAD);
});

test('a mentor cannot reject leave without a reason; with a common one the student sees it', async ({
  browser,
}) => {
  const reason = `Cousin's wedding ${Date.now().toString(36)}`;
  const student = await personPage(browser, REFUSED_STUDENT, /\/student\/home$/);
  await student.goto('/student/leave');
  const form = student.getByRole('form', { name: 'Apply for leave' });
  await expect(form).toBeVisible(PAGE_LOAD);
  // Three weeks ahead, clear of the days other journeys mark.
  const today = isoDay(await form.getByLabel('From').inputValue());
  const [y, m, d] = today.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d! + 21)).toISOString().slice(0, 10);
  await form.getByLabel('From').fill(day);
  await form.getByLabel('To').fill(day);
  await form.getByLabel('Reason').fill(reason);
  await form.getByRole('button', { name: 'Apply for leave' }).click();
  await expect(student.getByRole('status').filter({ hasText: 'Leave application submitted.' })).toBeVisible();

  const mentor = await personPage(browser, MENTOR, /\/teacher\/home$/);
  await mentor.goto('/teacher/leave');
  const row = mentor.getByRole('row').filter({ hasText: reason });
  await expect(row).toBeVisible(PAGE_LOAD);
  await row.getByRole('button', { name: /Reject the leave of/ }).click();
  const dialog = mentor.getByRole('dialog', { name: /^Reject the leave of / });
  await dialog.getByRole('button', { name: 'Reject leave' }).click();
  // Refused on the reason's field; the dialog stays open and nothing is decided.
  const box = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Give a reason: the student sees it with the decision.')).toBeVisible();
  await expectAccessible(mentor);

  const preset = 'A medical note or letter is needed';
  await dialog.getByText(preset, { exact: true }).click();
  await expect(box).toHaveValue(preset);
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Reject leave' }).click();
  await expect(dialog).toBeHidden();
  await mentor
    .getByRole('alert')
    .filter({ hasText: 'Rejected the leave of' })
    .getByRole('button', { name: 'Send now' })
    .click();
  const toast = mentor.getByRole('status').filter({ hasText: `rejected: ${preset}` });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'View' }).click();
  await expect(mentor.getByRole('tab', { name: /^Rejected Leave/ })).toHaveAttribute('aria-selected', 'true');
  await expect(mentor.getByRole('row').filter({ hasText: reason })).toContainText(preset);

  await student.reload();
  const card = student.getByRole('article', { name: `Leave on ${readableDay(day)}` });
  await expect(card.getByText('rejected', { exact: true })).toBeVisible(PAGE_LOAD);
  await expect(card).toContainText(preset);
});
