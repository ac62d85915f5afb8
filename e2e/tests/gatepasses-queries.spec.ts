import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signInAs } from '../support/session';

const STUDENT = DEMO.sameGroupStudent;

/** A card of a list, found by a text that only this test wrote. */
const card = (page: Page, text: string): Locator =>
  page.getByRole('tabpanel').getByRole('article').filter({ hasText: text });

/** A row of the teacher's work list on show, found by a text that only this test wrote. */
const row = (page: Page, text: string): Locator =>
  page.getByRole('tabpanel').getByRole('row').filter({ hasText: text });

/** A tab by its name; the teacher's tabs add their count, "Approved Gate Passes (3)". */
async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}( \\(\\d+\\))?$`) });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/**
 * Rests the pointer on the toast of a decision held for Undo: the countdown stands still meanwhile,
 * as it does for a teacher reading it, however long the checks in between take.
 */
async function restOnToast(page: Page, text: string): Promise<void> {
  await page.getByText(text).hover();
}

/** Sends the decision held for Undo at once, as the toast offers. */
async function sendNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send now' }).click();
}

async function applyForGatePass(page: Page, reason: string): Promise<void> {
  await page.getByLabel('Date').fill('2031-03-14');
  await page.getByLabel('Time').fill('16:45');
  await page.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await page.getByRole('button', { name: 'Submit' }).click();
  // Each submission has its own toast; an earlier one may still be on screen.
  await expect(
    page.getByRole('status').filter({ hasText: 'Gate pass submitted successfully!' }).last(),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Reason' })).toHaveValue('');
}

test.describe('gate passes and the Q&A board', () => {
  test('a student applies and asks, a teacher decides and answers, the student sees each outcome', async ({
    browser,
  }) => {
    // Three people, five screens and an axe check on each: longer than one screen's test.
    test.setTimeout(480_000);
    const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const approveReason = `Approve me ${suffix}`;
    const rejectReason = `Reject me ${suffix}`;
    const topic = `Linked lists ${suffix}`;
    const question = `How do I reverse a linked list in place? ${suffix}`;
    const solution = `Walk the list once and flip each next pointer. ${suffix}`;

    // One browser context per person, as on three separate machines.
    const open = async () => (await browser.newContext()).newPage();
    const student = await open();
    await signInAs(student, STUDENT, /\/student\/home$/);

    await test.step('the student applies for two gate passes', async () => {
      await student.goto('/student/gatepass');
      await expect(student.getByRole('heading', { level: 1, name: 'Gate Pass' })).toBeVisible();
      // Who applies is shown as text, from the session.
      const applyingAs = student.getByRole('region', { name: 'Applying as' });
      await expect(applyingAs).toContainText(String(STUDENT));
      // The contact (name, roll number, contact, email) comes from the student's record.
      await expect(applyingAs.getByRole('definition').nth(2)).not.toHaveText('Not Available');
      await expectAccessible(student);
      await applyForGatePass(student, approveReason);
      await applyForGatePass(student, rejectReason);
      await openTab(student, 'Applied Gate Pass');
      await expect(card(student, approveReason)).toBeVisible();
      await expect(card(student, rejectReason)).toContainText('pending');
      await expectAccessible(student);
    });

    await test.step('the student writes a query', async () => {
      await student.goto('/student/queries');
      await expect(student.getByRole('heading', { level: 1, name: 'Queries' })).toBeVisible();
      await expectAccessible(student);
      await openTab(student, 'Write Query');
      await student.getByRole('textbox', { name: 'Topic' }).fill(topic);
      await student.getByRole('textbox', { name: 'Tags' }).fill(' data structures, ,pointers ,');
      await student.getByRole('textbox', { name: 'Query' }).fill(question);
      await student.getByRole('button', { name: 'Submit Query' }).click();
      await expect(
        student.getByRole('status').filter({ hasText: 'Query submitted successfully!' }),
      ).toBeVisible();
      await expectAccessible(student);
      await openTab(student, 'Your Queries');
      const mine = card(student, topic);
      await expect(mine).toBeVisible();
      await expect(mine.getByRole('listitem')).toHaveText(['data structures', 'pointers']);
    });

    const teacher = await open();
    await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);

    await test.step('the teacher approves one pass and rejects the other', async () => {
      await teacher.goto('/teacher/gatepass');
      await expect(teacher.getByRole('heading', { level: 1, name: 'Gate Pass Requests' })).toBeVisible();
      await expect(row(teacher, approveReason)).toBeVisible();
      await expect(teacher.getByRole('switch', { name: 'My mentees only' })).toBeChecked();
      await expectAccessible(teacher);
      await row(teacher, approveReason).getByRole('button', { name: 'Approve' }).click();
      // Held for five seconds with Undo: the row already shows the decision.
      await restOnToast(teacher, 'Approved the gate pass of');
      await expect(row(teacher, approveReason)).toContainText('Approved');
      await expectAccessible(teacher);
      await sendNow(teacher);
      await expect(row(teacher, approveReason)).toHaveCount(0);
      await row(teacher, rejectReason).getByRole('button', { name: 'Reject' }).click();
      const dialog = teacher.getByRole('dialog', { name: /^Reject the gate pass of/ });
      await dialog.getByLabel(/^Reason/).fill(`Exams that day ${suffix}`);
      await expectAccessible(teacher);
      await dialog.getByRole('button', { name: 'Reject gate pass' }).click();
      await restOnToast(teacher, 'Rejected the gate pass of');
      await expect(row(teacher, rejectReason)).toContainText('Rejected');
      await sendNow(teacher);
      await expect(row(teacher, rejectReason)).toHaveCount(0);

      await openTab(teacher, 'Approved Gate Passes');
      await expect(row(teacher, approveReason)).toContainText('Dr. Anjali Rao');
      await expectAccessible(teacher);
      await openTab(teacher, 'Rejected Gate Passes');
      await expect(row(teacher, rejectReason)).toContainText(`Exams that day ${suffix}`);
    });

    await test.step('the teacher answers the query', async () => {
      await teacher.goto('/teacher/queries');
      await expect(teacher.getByRole('heading', { level: 1, name: 'Manage Queries' })).toBeVisible();
      // The student is the teacher's mentee: the work list shows the query with its group.
      const unsolved = row(teacher, topic);
      await expect(unsolved).toContainText('CSE-A');
      await expectAccessible(teacher);
      await unsolved.getByRole('button', { name: `Answer: ${topic}` }).click();
      const dialog = teacher.getByRole('dialog', { name: topic });
      await dialog.getByRole('button', { name: 'Submit Solution' }).click();
      await expect(dialog.getByText('Solution cannot be empty.')).toBeVisible();
      await expectAccessible(teacher);
      await dialog.getByRole('textbox', { name: 'Solution' }).fill(solution);
      await dialog.getByRole('button', { name: 'Submit Solution' }).click();
      await expect(teacher.getByText(/^Answer posted to/)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row(teacher, topic)).toHaveCount(0);
      await openTab(teacher, 'Solved Queries');
      await expect(row(teacher, topic)).toContainText(solution);
      await expect(row(teacher, topic)).toContainText('Dr. Anjali Rao');
      await expectAccessible(teacher);
    });

    await test.step('the student sees each pass in its tab and the query solved', async () => {
      await student.goto('/student/gatepass');
      await openTab(student, 'Approved Gate Pass');
      await expect(card(student, approveReason)).toContainText('approved');
      await expect(card(student, rejectReason)).toHaveCount(0);
      await expectAccessible(student);
      await openTab(student, 'Rejected Gate Pass');
      await expect(card(student, rejectReason)).toContainText('rejected');
      await expect(card(student, rejectReason)).toContainText(`Reason for rejectionExams that day ${suffix}`);
      await expect(card(student, approveReason)).toHaveCount(0);
      await openTab(student, 'Applied Gate Pass');
      await expect(student.getByRole('tabpanel')).toBeVisible();
      await expect(card(student, approveReason)).toHaveCount(0);
      await expect(card(student, rejectReason)).toHaveCount(0);

      await student.goto('/student/queries');
      await openTab(student, 'Solved Queries');
      const solved = card(student, topic);
      await expect(solved.getByRole('region', { name: 'Solution' })).toContainText(solution);
      await expectAccessible(student);

      // Their own question: its count, and no like to give; the server refuses one too.
      await expect(solved.getByText('0 likes')).toBeVisible();
      await expect(solved.getByRole('button', { name: /^Like/ })).toHaveCount(0);
      const token = await student.evaluate(() => localStorage.getItem('jwtToken'));
      const auth = { authorization: `Bearer ${token}` };
      const listed = await student.request.get('/api/queries-with-solution?limit=200', { headers: auth });
      const { queries } = (await listed.json()) as { queries: { _id: string; topic: string }[] };
      const own = queries.find((q) => q.topic === topic)!;
      const refused = await student.request.post(`/api/queries/${own._id}/like`, { headers: auth });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({ message: 'You cannot like your own question' });
    });

    await test.step('an admin finds the query on the Queries screen', async () => {
      const admin = await open();
      await signInAs(admin, DEMO.admin, /\/admin\/home$/);
      await admin.goto('/admin/queries');
      await expect(admin.getByRole('heading', { level: 1, name: 'Queries Collection' })).toBeVisible();
      await expect(admin.getByRole('table')).toBeVisible();
      await admin.getByLabel('Search queries').fill(suffix);
      const row = admin.getByRole('row').filter({ hasText: topic });
      await expect(row).toContainText('Solved');
      await expect(row).toContainText(String(STUDENT));
      await expect(admin.getByRole('row')).toHaveCount(2);
      await expectAccessible(admin);
      await admin.context().close();
    });

    await student.context().close();
    await teacher.context().close();
  });

  test('a teacher selects several pending passes, approves them at once and finds them in Approved', async ({
    browser,
  }) => {
    const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const reasons = [`Bulk one ${suffix}`, `Bulk two ${suffix}`, `Bulk three ${suffix}`];
    const open = async () => (await browser.newContext()).newPage();
    for (const [id, mine] of [
      [DEMO.student, reasons.slice(0, 2)],
      [DEMO.sameGroupStudent, reasons.slice(2)],
    ] as const) {
      const student = await open();
      await signInAs(student, id, /\/student\/home$/);
      await student.goto('/student/gatepass');
      for (const reason of mine) await applyForGatePass(student, reason);
      await student.context().close();
    }

    const teacher = await open();
    await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);
    await teacher.goto('/teacher/gatepass');
    await expect(teacher.getByRole('heading', { level: 1, name: 'Gate Pass Requests' })).toBeVisible();
    for (const reason of reasons) await row(teacher, reason).getByRole('checkbox').check();
    await expect(teacher.getByText('3 selected')).toBeVisible();
    await expectAccessible(teacher);
    await teacher.getByRole('button', { name: 'Approve selected' }).click();
    await restOnToast(teacher, 'Approved 3 gate passes.');
    for (const reason of reasons) await expect(row(teacher, reason)).toContainText('Approved');
    await sendNow(teacher);
    for (const reason of reasons) await expect(row(teacher, reason)).toHaveCount(0);

    await openTab(teacher, 'Approved Gate Passes');
    for (const reason of reasons) await expect(row(teacher, reason)).toContainText('Dr. Anjali Rao');
    await expectAccessible(teacher);
    await teacher.context().close();
  });

  test('the student screens fit a phone-width screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, DEMO.otherGroupStudent, /\/student\/home$/);
    for (const path of ['/student/gatepass', '/student/queries']) {
      await page.goto(path);
      await expect(page.getByRole('tablist')).toBeVisible();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });
});
