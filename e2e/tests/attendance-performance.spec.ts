import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO, signInAs } from '../support/session';
import { isoDay } from '../support/dates';

const ABSENTEE = DEMO.otherGroupStudent; // 230003, group CSE-B
const GROUP = 'CSE-B';
const MENTOR = DEMO.otherTeacher; // 500002, mentor of CSE-B
/** A (re)loaded screen first resolves the session and loads its area; slow when the machine is busy. */
const PAGE_LOAD = { timeout: 30_000 };

/** One browser context per person, as on separate machines. */
async function personPage(browser: Browser, userId: number, home: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, userId, home);
  return page;
}

async function openFromNav(page: Page, name: string, path: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(path);
  // The shell's hovered active link is below AA contrast (app layout, reported); axe checks this page, not that.
  await page.mouse.move(0, 0);
}

interface AttendanceView {
  percentage: string;
  present: number;
  total: number;
  rows: { date: string; status: string }[];
}

/** What the student's attendance page shows: the percentage, its counts and every month's rows. */
async function readAttendance(page: Page): Promise<AttendanceView> {
  const summary = page.getByRole('region', { name: 'Attendance percentage' });
  await expect(summary).toBeVisible(PAGE_LOAD);
  const percentage = (await summary.getByText(/^\d+\.\d{2}%$/).textContent())!;
  const counts = /Present on (\d+) of (\d+) days?/.exec((await summary.textContent())!)!;
  // One table a month; a row's day is its <time>'s machine date, its status the second cell.
  const cells = await page
    .getByRole('region', { name: 'Attendance records' })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows
        .map((row) => [
          row.querySelector('time')?.getAttribute('datetime'),
          row.querySelectorAll('td')[1]?.textContent,
        ])
        .filter(([date, status]) => date && status),
    );
  return {
    percentage,
    present: Number(counts[1]),
    total: Number(counts[2]),
    rows: cells.map(([date, status]) => ({ date: date!, status: status! })),
  };
}

function expectConsistent(view: AttendanceView): void {
  const present = view.rows.filter((row) => row.status === 'Present').length;
  expect(view.total).toBe(view.rows.length);
  expect(view.present).toBe(present);
  expect(view.percentage).toBe(`${(Math.round((present * 10_000) / view.rows.length) / 100).toFixed(2)}%`);
  const dates = view.rows.map((row) => row.date);
  expect(dates).toEqual([...dates].sort().reverse());
}

const attendanceOf = (page: Page, rollNo: number): Locator =>
  page.getByRole('radiogroup', { name: new RegExp(`\\(${rollNo}\\)$`) });

async function chooseGroup(page: Page, group: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: group, exact: true }).click();
  await expect(page.getByRole('table', { name: `Students of ${group}` })).toBeVisible(PAGE_LOAD);
}

test.describe('attendance and performance', () => {
  test('a teacher marks a group with one absentee; the student sees the record and the new percentage', async ({
    browser,
  }) => {
    // Two people, four screens and an axe check on each: past 150 s when the machine's load is ~18.
    test.setTimeout(360_000);
    const student = await personPage(browser, ABSENTEE, /\/student\/home$/);
    await openFromNav(student, 'Attendance', /\/student\/attendance$/);
    await expect(student.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
    const before = await readAttendance(student);
    expectConsistent(before);
    await expectAccessible(student);

    const teacher = await personPage(browser, MENTOR, /\/teacher\/home$/);
    let today = '';
    await test.step('the teacher marks everyone present but the absentee, partly by keyboard', async () => {
      await openFromNav(teacher, 'Attendance', /\/teacher\/attendance$/);
      await expect(teacher.getByRole('heading', { level: 1, name: 'Mark Attendance' })).toBeVisible();
      // Shown day first (en-IN); the records keep ISO days.
      today = isoDay(await teacher.getByLabel('Date', { exact: true }).inputValue());
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await expectAccessible(teacher);

      await chooseGroup(teacher, GROUP);
      await expect(teacher.getByRole('button', { name: 'Submit Attendance' })).toBeDisabled();
      await teacher.getByRole('button', { name: 'Mark all present' }).click();
      const absentee = attendanceOf(teacher, ABSENTEE);
      await expect(absentee.getByRole('radio', { name: 'Present' })).toBeChecked();
      await absentee.getByRole('radio', { name: 'Present' }).focus();
      await teacher.keyboard.press('ArrowRight');
      await expect(absentee.getByRole('radio', { name: 'Absent' })).toBeChecked();
      await expect(teacher.getByText(/Present \d+ · Absent 1 · Not marked 0/)).toBeVisible();
      await expectAccessible(teacher);

      await teacher.getByRole('button', { name: 'Submit Attendance' }).click();
      await expect(
        teacher.getByRole('status').filter({ hasText: 'Attendance marked successfully!' }),
      ).toBeVisible();
      await expectAccessible(teacher);
    });

    await test.step("re-opening the group shows the day's marks", async () => {
      await teacher.reload();
      await expect(teacher.getByRole('table', { name: `Students of ${GROUP}` })).toBeVisible(PAGE_LOAD);
      await expect(attendanceOf(teacher, ABSENTEE).getByRole('radio', { name: 'Absent' })).toBeChecked();
      await expect(teacher.getByText(/Present \d+ · Absent 1 · Not marked 0/)).toBeVisible();
    });

    await test.step('the student sees today as Absent and the percentage moved accordingly', async () => {
      await student.reload();
      const after = await readAttendance(student);
      expectConsistent(after);
      expect(after.rows[0]).toEqual({ date: today, status: 'Absent' });
      expect(after.total).toBe(before.total + 1);
      expect(after.present).toBe(before.present);
      await expectAccessible(student);
    });
  });

  test('Mark Attendance fits a phone-width screen', async ({ browser }) => {
    const teacher = await personPage(browser, MENTOR, /\/teacher\/home$/);
    await teacher.setViewportSize({ width: 360, height: 740 });
    await teacher.goto('/teacher/attendance');
    await chooseGroup(teacher, GROUP);
    const overflow = await teacher.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(teacher);
  });

  test('a student opens their performance card', async ({ browser }) => {
    const student = await personPage(browser, ABSENTEE, /\/student\/home$/);
    await openFromNav(student, 'Performance', /\/student\/performance$/);
    await expect(student.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
    const card = student.getByRole('region', { name: 'Marks' });
    await expect(card).toContainText(`Roll No ${ABSENTEE}`);
    const labels = await card.getByRole('rowheader').allTextContents();
    expect(labels).toEqual([
      '10th %age',
      '12th %age',
      'Sem-1 SGPA',
      'Sem-2 SGPA',
      'Sem-3 SGPA',
      'Sem-4 SGPA',
      'CGPA',
    ]);
    await expect(card.getByRole('row', { name: /^10th %age/ })).toContainText(/\d+(\.\d+)?%/);
    await expect(card.getByRole('row', { name: /^CGPA/ })).toContainText(/\d\.\d{2}/);
    await expectAccessible(student);
  });

  test("a teacher pages the performance table and searches it by a student's name", async ({ browser }) => {
    const teacher = await personPage(browser, MENTOR, /\/teacher\/home$/);
    await openFromNav(teacher, 'Performance', /\/teacher\/performance$/);
    await expect(teacher.getByRole('heading', { level: 1, name: 'Student Performance' })).toBeVisible();
    const table = teacher.getByRole('table', { name: "Students' performance" });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expectAccessible(teacher);

    await teacher.getByRole('button', { name: 'Next' }).click();
    await expect(teacher.getByText(/^51–\d+ of [\d,]+$/)).toBeVisible();
    await teacher.getByRole('button', { name: 'Previous' }).click();
    await expect(teacher.getByText(/^1–50 of [\d,]+$/)).toBeVisible();

    const row = rows.filter({ has: teacher.getByRole('cell', { name: String(ABSENTEE), exact: true }) });
    const name = (await row.getByRole('rowheader').textContent())!;
    const surname = name.split(' ').at(-1)!;
    await teacher.getByRole('searchbox', { name: 'Search by name' }).fill(surname.toUpperCase());
    // The search is debounced and sent to the server; wait until only matching names are listed.
    await expect(async () => {
      const names = await rows.getByRole('rowheader').allTextContents();
      expect(names).toContain(name);
      for (const shown of names) expect(shown.toLowerCase()).toContain(surname.toLowerCase());
    }).toPass();
    await expectAccessible(teacher);

    await teacher.getByRole('searchbox', { name: 'Search by name' }).fill('no such student zzz');
    await expect(teacher.getByText('No students found.')).toBeVisible();
  });
});
