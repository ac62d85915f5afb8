import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, DEMO_PASSWORD, signInAs } from '../support/session';
import { campusDay, readableDay } from '../support/dates';

/** A group of 200 students of this journey's own, imported by the admin before it starts. */
const GROUP = 'ROSTER-200';
const FIRST_ROLL_NO = 271001;
const ROLL_NOS = Array.from({ length: 200 }, (_, i) => FIRST_ROLL_NO + i);
const ABSENTEES = [271007, 271093, 271188];
/** A past class day no other journey marks. */
const PAST_DAY = '2001-04-10';
const PAGE_LOAD = { timeout: 30_000 };

async function tokenOf(request: APIRequestContext, userId: number): Promise<string> {
  const res = await request.post('/api/login', { data: { userId: String(userId), password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The admin imports the group through the API, as the CSV import screen does. */
async function importGroup(request: APIRequestContext): Promise<void> {
  const rows = ROLL_NOS.map((rollNo, i) => {
    const name = `Roster${String.fromCharCode(65 + (i % 26))} Student${i + 1}`;
    const email = `roster.${rollNo}@campus.example.edu`;
    return `${rollNo},${name},Father ${i},Mother ${i},${i % 2 ? 'Male' : 'Female'},2005-01-01,General,98${String(40_000_000 + i).padStart(8, '0')},${email},${GROUP}`;
  });
  const csv = ['RollNo,name,FatherName,MotherName,Gender,Dob,Category,phoneNo,email,group', ...rows].join(
    '\n',
  );
  const res = await request.post('/api/import/students', {
    headers: { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}`, 'content-type': 'text/csv' },
    data: csv,
    timeout: 120_000,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const choiceOf = (page: Page, rollNo: number, status: 'Present' | 'Absent') =>
  page.getByRole('radiogroup', { name: new RegExp(`\\(${rollNo}\\)$`) }).getByRole('radio', { name: status });

/** The bar of counts and Submit is inside the visible part of the screen. */
async function expectBarInView(page: Page): Promise<void> {
  const submit = await page.getByRole('button', { name: 'Submit Attendance' }).boundingBox();
  const height = page.viewportSize()!.height;
  expect(submit).not.toBeNull();
  expect(submit!.y).toBeGreaterThan(0);
  expect(submit!.y + submit!.height).toBeLessThanOrEqual(height);
}

test('a teacher marks a 200-student group on a phone for a past day, with the sticky bar and the absentee filter, then corrects it', async ({
  browser,
  request,
}) => {
  // An import of 200 students, two submits of 200 rows and axe on a 200-row page.
  test.setTimeout(360_000);
  await importGroup(request);

  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
  const rows = page.getByRole('table', { name: `Students of ${GROUP}` }).locator('tbody tr');

  await test.step('the teacher opens the group on a past day: no future day is offered', async () => {
    await page.goto(`/teacher/attendance?group=${GROUP}`);
    const date = page.getByLabel('Date', { exact: true });
    await expect(date).toBeVisible(PAGE_LOAD);
    // Shown day first (en-IN), as the campus writes dates.
    await expect(date).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await date.fill(campusDay(PAST_DAY));
    // Typed, not picked: the calendar that opened with the field is closed as a person would.
    await date.press('Escape');
    await expect(page).toHaveURL(new RegExp(`date=${PAST_DAY}`));
    await expect(rows).toHaveCount(200, PAGE_LOAD);
    await expect(page.getByText('Present 0 · Absent 0 · Not marked 200')).toBeVisible();
    await expectBarInView(page);
  });

  await test.step('marks all present, then three absentees, the bar in view all along', async () => {
    await page.getByRole('button', { name: 'Mark all present' }).click();
    await expect(page.getByText('Present 200 · Absent 0 · Not marked 0')).toBeVisible();
    for (const rollNo of ABSENTEES) {
      await choiceOf(page, rollNo, 'Absent').click();
      await expect(choiceOf(page, rollNo, 'Absent')).toBeChecked();
      await expectBarInView(page);
    }
    await expect(page.getByText('Present 197 · Absent 3 · Not marked 0')).toBeVisible();
  });

  await test.step('the absentee filter lists the three', async () => {
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Absentees').click();
    await expect(rows).toHaveCount(3);
    await expect(rows.getByRole('rowheader')).toContainText(ABSENTEES.map((n) => `Roll No ${n}`));
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Attendance' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Attendance marked successfully!' }),
    ).toBeVisible();
  });

  await test.step('the marked day opens again with its marks, and a correction is saved', async () => {
    // The filter is kept in the address: a reload still shows the absentees, then everyone again.
    await page.reload();
    await expect(rows).toHaveCount(3, PAGE_LOAD);
    await expect(page).toHaveURL(/show=absent/);
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('All', { exact: true }).click();
    await expect(rows).toHaveCount(200, PAGE_LOAD);
    await expect(
      page.getByText(`The attendance of ${readableDay(PAST_DAY)} is already recorded.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('Present 197 · Absent 3 · Not marked 0')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name or roll number' }).fill(String(ABSENTEES[1]));
    await expect(rows).toHaveCount(1);
    await choiceOf(page, ABSENTEES[1]!, 'Present').click();
    await expect(rows.first()).toContainText('was Absent');
    await expect(page.getByText('Present 198 · Absent 2 · Not marked 0')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Attendance' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Attendance marked successfully!' }),
    ).toBeVisible();
  });

  await test.step('the correction is in the audit log', async () => {
    const res = await request.get('/api/audit-log', {
      params: { kind: 'attendance.correct', actor: String(DEMO.teacher) },
      headers: { authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` },
    });
    const entries = (await res.json()) as { target: string; detail: string }[];
    expect(entries).toContainEqual(
      expect.objectContaining({ target: PAST_DAY, detail: `1 corrected: ${ABSENTEES[1]} Absent → Present` }),
    );
  });
});
