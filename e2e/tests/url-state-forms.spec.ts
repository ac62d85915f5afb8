/**
 * Issue 25, items 10 and 11: a work list's filter, sort and page live in the address (a reload keeps
 * them, a shared link opens them); identity a form is sent as shows as text; a rejection needs a
 * reason, said on its field; a Teacher ID already in use is said on that field.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { PAGE_LOAD, settle } from '../support/screens';
import { bearer, createGroup, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { createMentor } from '../support/lectures';
import { DEMO, signIn, signInAs } from '../support/session';

/** A CSE-A student of this journey's own (one student may apply 5 times an hour). */
const STUDENT = 230008;
const STUDENTS = 6;
const QUERIES_EACH = 9;

/**
 * A group of this journey's own, mentored by a teacher of its own, whose students ask 54 queries: more
 * than the work list's page of 50, so that there is a second page to keep.
 */
async function groupWithQueries(request: APIRequestContext, tag: string) {
  const group = `URL ${tag}`;
  await createGroup(request, group);
  const teacherId = await createMentor(request, group, `Url Teacher ${tag}`);

  const rollNos = await createStudents(request, group, STUDENTS, 'Url Student');
  for (const [i, rollNo] of rollNos.entries()) {
    const asStudent = await bearer(request, rollNo, OWN_PASSWORD);
    for (let q = 1; q <= QUERIES_EACH; q++) {
      const asked = await request.post('/api/submit-query', {
        headers: asStudent,
        data: { topic: `Url query ${i + 1}.${q} ${tag}`, tags: 'url-state', query: 'Where is the lab?' },
      });
      expect(asked.status(), await asked.text()).toBe(201);
    }
  }
  return { group, teacherId };
}

/** What the queries work list shows: the tab, the filters, the sorted column and the rows' position. */
async function expectView(page: Page, group: string) {
  await expect(page.getByRole('tab', { name: /^Unsolved Queries/ })).toHaveAttribute(
    'aria-selected',
    'true',
    PAGE_LOAD,
  );
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue(group);
  await expect(page.getByRole('switch', { name: 'My mentees only' })).not.toBeChecked();
  await expect(page.getByRole('columnheader', { name: /Student/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const pager = page.getByRole('navigation', { name: 'Unsolved queries pages' });
  await expect(pager).toContainText('51–54 of 54');
  // Newest names first (6 … 1): the second page holds four of the first student's queries.
  const rows = page.getByRole('row', { name: /^Url query/ });
  await expect(rows).toHaveCount(4);
  for (const row of await rows.all()) await expect(row).toHaveAccessibleName(/^Url query 1\./);
}

test('a teacher keeps filter, sort and page of the queries work list through a reload and a shared link', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const { group, teacherId } = await groupWithQueries(request, unique());
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, teacherId, OWN_PASSWORD);
  await expect(page).toHaveURL(/\/teacher\/home$/, PAGE_LOAD);
  await page.goto('/teacher/queries');
  await settle(page);

  await page.getByRole('switch', { name: 'My mentees only' }).click({ force: true });
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: group }).click();
  await page
    .getByRole('columnheader', { name: /Student/ })
    .getByRole('button')
    .click();
  await page
    .getByRole('columnheader', { name: /Student/ })
    .getByRole('button')
    .click();
  // The sorted list is on screen, as a reader sees it, before its next page is asked for: a click
  // while the rows are still changing could land on a row the new ones moved under the pointer.
  // The newest query is also the sixth student's, so the header says which order is on show.
  const pager = page.getByRole('navigation', { name: 'Unsolved queries pages' });
  await expect(page.getByRole('columnheader', { name: /Student/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByRole('row', { name: /^Url query/ }).first()).toHaveAccessibleName(/^Url query 6\./);
  await expect(pager).toContainText('1–50 of 54');
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expectView(page, group);
  const shared = page.url();
  expect(new URL(shared).searchParams.get('page')).toBe('2');

  await page.reload();
  await expectView(page, group);

  const other = await context.newPage();
  await other.goto(shared);
  await expectView(other, group);
  await context.close();
});

test("a student's home tab and notice search, syllabus search and own queries' filter are kept through a reload", async ({
  page,
}) => {
  await signInAs(page, DEMO.sameGroupStudent, /\/student\/home$/);
  await page.getByRole('tab', { name: 'Events' }).click();
  await page.getByRole('searchbox', { name: 'Search notices' }).fill('fees');
  await expect(page).toHaveURL(/\/student\/home\?tab=eventNotice&q=fees$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true', PAGE_LOAD);
  await expect(page.getByRole('searchbox', { name: 'Search notices' })).toHaveValue('fees');
  await expect(
    page.getByRole('region', { name: 'Search results' }).getByText('Fee payment deadline'),
  ).toBeVisible();

  await page.goto('/student/syllabus');
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('data');
  await expect(page).toHaveURL(/\/student\/syllabus\?q=data$/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('data', PAGE_LOAD);
  await expect(page.getByRole('heading', { name: 'Operating Systems' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Data Structures' })).toBeVisible();

  await page.goto('/student/queries');
  await page.getByRole('tab', { name: 'Your Queries' }).click();
  await page.getByText('Solved', { exact: true }).click();
  await expect(page).toHaveURL(/\/student\/queries\?tab=mine&show=solved$/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Solved', exact: true })).toBeChecked(PAGE_LOAD);
  await expectAccessible(page);
});

test('the gate pass form shows who applies as text; a rejection without a reason is refused on its field', async ({
  browser,
  request,
}) => {
  const reason = `Url review ${unique()}`;
  const student = await (await browser.newContext()).newPage();
  await signInAs(student, STUDENT, /\/student\/home$/);
  await student.goto('/student/gatepass');
  const applyingAs = student.getByRole('region', { name: 'Applying as' });
  await expect(applyingAs).toContainText(String(STUDENT), PAGE_LOAD);
  await expect(applyingAs.getByRole('textbox')).toHaveCount(0);
  await expect(student.getByRole('textbox', { name: 'Roll number' })).toHaveCount(0);
  // Dates are written day first, as the campus (en-IN) writes them.
  await expect(student.getByLabel('Date')).toHaveAttribute('placeholder', 'DD/MM/YYYY');

  const submitted = await request.post('/api/submit-gatepass', {
    headers: await bearer(request, STUDENT),
    data: { date: '2031-09-18', time: '10:15', reason },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);

  const teacher = await (await browser.newContext()).newPage();
  await signInAs(teacher, DEMO.teacher, /\/teacher\/home$/);
  await teacher.goto('/teacher/gatepass');
  const row = teacher.getByRole('row').filter({ hasText: reason });
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = teacher.getByRole('dialog', { name: /^Reject the gate pass of/ });
  const why = dialog.getByRole('textbox', { name: /^Reason/ });
  // The dialog opens on its field, not on its close button.
  await expect(why).toBeFocused();
  await dialog.getByRole('button', { name: 'Reject gate pass' }).click();
  await expect(why).toHaveAttribute('aria-invalid', 'true');
  await expect(why).toHaveAccessibleDescription(/Give a reason/);
  // Still undecided: nothing was sent.
  await expect(row.getByRole('button', { name: 'Approve' })).toBeVisible();

  // A common reason in one tap (its chip's label is what a person taps).
  await dialog.getByText('Classes or an exam at that time', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Classes or an exam at that time' })).toBeChecked();
  await expect(why).toHaveValue('Classes or an exam at that time');
  await dialog.getByRole('button', { name: 'Reject gate pass' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Rejected');
});

test('an admin adding a Teacher ID somebody has is told so on the Teacher ID field', async ({ page }) => {
  await signInAs(page, DEMO.admin, /\/admin\//);
  await page.goto('/admin/manage-teachers');
  await page.getByRole('button', { name: 'Add teacher' }).click();
  const form = page.getByRole('form', { name: 'Add teacher' });
  const teacherId = form.getByLabel(/^Teacher ID/);
  await expect(teacherId).toBeFocused();
  await teacherId.fill(String(DEMO.otherTeacher));
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Second Person');
  await form.getByLabel('Email').fill(`dup${unique()}@campus.example.edu`);
  await form.getByRole('button', { name: 'Add teacher' }).click();
  await expect(teacherId).toHaveAttribute('aria-invalid', 'true');
  await expect(teacherId).toHaveAccessibleDescription(
    new RegExp(`User ID ${DEMO.otherTeacher} is already used`),
  );
  await expect(form.getByRole('alert')).toHaveCount(0);
});
