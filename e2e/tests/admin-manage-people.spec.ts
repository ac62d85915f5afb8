/**
 * An admin runs the campus's people: adds a student, who signs in with the one-time password and
 * must choose their own first; deactivates a teacher, who can no longer sign in; creates a group,
 * gives it a mentor and moves a student into it.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signIn, signInAs } from '../support/session';

/** User IDs and a group name of this run only: nine-digit IDs no demo account has. */
const RUN = Date.now() % 1_000_000;
const id = (prefix: number) => prefix * 1_000_000 + RUN;

async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await page.mouse.move(0, 0);
}

/** Adds a student in CSE-A from the student list; answers the one-time password shown. */
async function addStudent(page: Page, rollNo: number, name: string, check = false): Promise<string> {
  await page.goto('/admin/manage-students');
  await page.getByRole('button', { name: 'Add student' }).click();
  const form = page.getByRole('form', { name: 'Add student' });
  await form.getByLabel(/^Roll No/).fill(String(rollNo));
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('Gender').selectOption('Female');
  await form.getByLabel('Date of birth').fill('2005-03-14');
  await form.getByLabel('Phone').fill('98765 43210');
  await form.getByLabel('Email').fill(`s${rollNo}@campus.example.edu`);
  await form.getByLabel('Group').selectOption('CSE-A');
  if (check) await expectDialogAccessible(page, page.getByRole('dialog', { name: 'Add student' }));
  await form.getByRole('button', { name: 'Add student' }).click();
  return readOneTimePassword(page, check);
}

async function addTeacher(page: Page, teacherId: number, name: string): Promise<string> {
  await page.goto('/admin/manage-teachers');
  await page.getByRole('button', { name: 'Add teacher' }).click();
  const form = page.getByRole('form', { name: 'Add teacher' });
  await form.getByLabel(/^Teacher ID/).fill(String(teacherId));
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('Email').fill(`t${teacherId}@campus.example.edu`);
  await form.getByRole('button', { name: 'Add teacher' }).click();
  return readOneTimePassword(page, false);
}

/** Reads the one-time password off its dialog and closes it: it is not shown again. */
async function readOneTimePassword(page: Page, check: boolean): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'One-time password' });
  const field = dialog.getByLabel('One-time password');
  await expect(field).toHaveValue(/^[A-Za-z2-9]{13}$/);
  const otp = await field.inputValue();
  if (check) await expectDialogAccessible(page, dialog);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`input[value="${otp}"]`)).toHaveCount(0);
  await expect(page.getByText(otp)).toHaveCount(0);
  return otp;
}

/** Axe judges colours as painted: a dialog is checked once its opening transition has finished. */
async function expectDialogAccessible(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectAccessible(page);
}

async function phonePage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
}

test('a new student signs in with the one-time password, must choose their own, then lands at home', async ({
  page,
  browser,
}) => {
  const rollNo = id(701);
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await nav(page, 'Manage Students');
  await expect(page.getByRole('heading', { level: 1, name: 'Students Collection' })).toBeVisible();
  const otp = await addStudent(page, rollNo, 'Kavya Menon', true);
  await page.getByLabel('Search students').fill(String(rollNo));
  const row = page.getByRole('row').filter({ hasText: String(rollNo) });
  await expect(row).toContainText('Kavya Menon');
  await expect(row).toContainText('Active');
  await expectAccessible(page);

  const student = await phonePage(browser);
  await signIn(student, rollNo, otp);
  await expect(student).toHaveURL(/\/change-password$/);
  await expect(student.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(student);
  // No role-area page opens before the password is chosen.
  await student.goto('/student/gatepass');
  await expect(student).toHaveURL(/\/change-password$/);

  await student.getByLabel(/^One-time password/).fill(otp);
  await student.getByLabel(/^New password/).fill(otp);
  await student.getByLabel(/^Confirm new password/).fill(otp);
  await student.getByRole('button', { name: 'Change password' }).click();
  await expect(student.getByRole('alert')).toHaveText('The new password must differ from the current one');
  await student.getByLabel(/^New password/).fill('kavya-own-password-1');
  await student.getByLabel(/^Confirm new password/).fill('kavya-own-password-1');
  await student.getByRole('button', { name: 'Change password' }).click();
  await expect(student).toHaveURL(/\/student\/home$/);
  await expect(student.getByRole('tab', { name: 'Mentor Notice' })).toBeVisible();
});

test('a deactivated teacher cannot sign in', async ({ page }) => {
  const teacherId = id(711);
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await nav(page, 'Manage Teachers');
  const otp = await addTeacher(page, teacherId, 'Dr. Irfan Qureshi');
  await page.getByLabel('Search teachers').fill(String(teacherId));
  const row = page.getByRole('row').filter({ hasText: String(teacherId) });
  // The search has answered (the header and this row) before the row is clicked: a row that moves
  // up as the list narrows between the press and the release of a click is never clicked.
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `Manage Dr. Irfan Qureshi (${teacherId})` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: `Deactivate Dr. Irfan Qureshi (${teacherId})?` });
  await expectDialogAccessible(page, confirm);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was deactivated' })).toBeVisible();
  await expect(row).toContainText('Inactive');
  await page.getByLabel('Status').selectOption('inactive');
  await expect(row).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await signIn(page, teacherId, otp);
  await expect(page.getByRole('alert')).toHaveText(
    'This account has been deactivated. Please contact the campus office if you need it again.',
  );
  await expect(page).toHaveURL(/\/$/);
});

test('an admin creates a group, gives it a mentor and moves a student into it', async ({ page }) => {
  const group = `Robotics ${RUN}`;
  const teacherId = id(721);
  const rollNo = id(702);
  await signInAs(page, DEMO.admin, /\/admin\/home$/);
  await addTeacher(page, teacherId, 'Prof. Leela Nair');
  await addStudent(page, rollNo, 'Arjun Pillai');

  await nav(page, 'Groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await page.getByLabel('New group name').fill(group);
  await page.getByRole('button', { name: 'Create group' }).click();
  const table = page.getByRole('table', { name: 'Groups' });
  const row = table.getByRole('row').filter({ hasText: group });
  await expect(row).toContainText(`${group}0—`);
  await expectAccessible(page);

  await row.getByRole('button', { name: `Set mentors of ${group}` }).click();
  const dialog = page.getByRole('dialog', { name: `Mentors of ${group}` });
  await expect(dialog.getByRole('combobox', { name: 'Mentors' })).toBeVisible();
  await expectDialogAccessible(page, dialog);
  await dialog.getByRole('combobox', { name: 'Mentors' }).fill('Leela');
  // The list of teachers floats above the dialog, and closes once one is picked.
  const choice = page.getByRole('option', { name: `Prof. Leela Nair (${teacherId})` });
  await choice.click();
  await expect(choice).toBeHidden();
  await dialog.getByRole('button', { name: 'Save mentors' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Prof. Leela Nair (${teacherId})`);

  const move = page.getByRole('form', { name: 'Move students' });
  await move.getByLabel('From group').selectOption('CSE-A');
  await move.getByRole('checkbox', { name: `Arjun Pillai (${rollNo})` }).check();
  await move.getByLabel('To group').selectOption(group);
  await move.getByRole('button', { name: 'Move students' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${rollNo} CSE-A → ${group}` })).toBeVisible();
  await expect(row).toContainText(`${group}1Prof. Leela Nair`);
  await expectAccessible(page);

  await page.goto('/admin/manage-students');
  await page.getByLabel('Search students').fill(String(rollNo));
  await expect(page.getByRole('row').filter({ hasText: String(rollNo) })).toContainText(group);
});
