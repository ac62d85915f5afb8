import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { signInAs } from '../support/session';
import { campusDay, readableDay } from '../support/dates';

/** Dr. Fatima Sheikh mentors ECE-A, students 230041 to 230060; no other journey marks this group. */
const MENTOR = 500003;
const GROUP = 'ECE-A';
const ABSENTEE = 230041;
const MENTEE = 230045;
/** Two school days long before the demo campus's records, so the report holds only this journey's marks. */
const DAY_ONE = '2001-03-05';
const DAY_TWO = '2001-03-06';
const PAGE_LOAD = { timeout: 30_000 };

async function openFromNav(page: Page, name: string, path: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(path);
  // The shell's hovered active link is below AA contrast (app layout, reported); axe checks this page, not that.
  await page.mouse.move(0, 0);
}

/** Marks the group on the browser's today: everyone present but `absent`. Answers the toast that says so. */
async function markDay(page: Page, day: string, absent: number[]): Promise<Locator> {
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(campusDay(day), PAGE_LOAD);
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: GROUP, exact: true }).click();
  await expect(page.getByRole('table', { name: `Students of ${GROUP}` })).toBeVisible(PAGE_LOAD);
  await page.getByRole('button', { name: 'Mark all present' }).click();
  for (const rollNo of absent) {
    await page
      .getByRole('radiogroup', { name: new RegExp(`\\(${rollNo}\\)$`) })
      .getByRole('radio', { name: 'Absent' })
      .check();
  }
  await expect(page.getByText(`Absent ${absent.length} · Not marked 0`)).toBeVisible();
  await page.getByRole('button', { name: 'Submit Attendance' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Attendance marked successfully!' });
  await expect(toast).toBeVisible();
  return toast;
}

test('a mentor marks two days with an absentee, finds them flagged first in the report and downloads it', async ({
  page,
}) => {
  // The browser's clock decides the day Mark Attendance marks.
  await page.clock.setFixedTime(new Date(`${DAY_ONE}T10:00:00`));
  await signInAs(page, MENTOR, /\/teacher\/home$/);

  await test.step('the absentee misses the first day and comes on the second', async () => {
    await openFromNav(page, 'Attendance', /\/teacher\/attendance$/);
    await markDay(page, DAY_ONE, [ABSENTEE]);
    await page.clock.setFixedTime(new Date(`${DAY_TWO}T10:00:00`));
    await page.reload();
    const toast = await markDay(page, DAY_TWO, []);
    // A toast at the foot of the screen, not a banner in the page, saying which group and day.
    await expect(page.getByRole('main').getByText('Attendance marked successfully!')).toHaveCount(0);
    await expect(toast).toContainText(`${GROUP}, ${readableDay(DAY_TWO)}: Present 20 · Absent 0.`);
    await expectAccessible(page);
    await toast.getByRole('button', { name: 'View' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/teacher/attendance-report\\?group=${GROUP}&from=${DAY_TWO}&to=${DAY_TWO}$`),
    );
    const day = readableDay(DAY_TWO);
    const report = page.getByRole('table', { name: `Attendance of ${GROUP} from ${day} to ${day}` });
    await expect(report).toBeVisible(PAGE_LOAD);
    await expect(report.locator('tbody tr')).toHaveCount(20);
  });

  const table = page.getByRole('table', {
    name: `Attendance of ${GROUP} from ${readableDay('2001-02-05')} to ${readableDay(DAY_TWO)}`,
  });
  await test.step('the report of the last 30 days lists the absentee first, below 75% in words', async () => {
    await openFromNav(page, 'Reports', /\/teacher\/attendance-report$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance report' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue(GROUP);
    await expect(table).toBeVisible(PAGE_LOAD);
    await expect(page.getByText(/^1 of 20 students below 75%, listed first\.$/)).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(20);
    const first = rows.first();
    await expect(first.getByRole('cell').first()).toHaveText(String(ABSENTEE));
    await expect(first).toContainText('Below 75%');
    await expect(first).toContainText('50.00%');
    await expect(rows.nth(1)).toContainText('OK');
    await expect(rows.nth(1)).toContainText('100.00%');
    await expectAccessible(page);
  });

  await test.step('the CSV holds the same report, the absentee first', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`attendance-${GROUP}-2001-02-05-to-${DAY_TWO}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Roll No,Name,Present days,Total days,Attendance %,Below 75%');
    const absentee = await table.locator('tbody tr').first().getByRole('rowheader').textContent();
    expect(lines[1]).toBe(`${ABSENTEE},${absentee},1,2,50.00,Yes`);
    expect(lines.slice(2, 21).every((line) => line.endsWith(',2,2,100.00,No'))).toBe(true);
    expect(lines.slice(21)).toEqual(['']);
  });

  await test.step('a range that ends before it starts is refused in words', async () => {
    await page.getByLabel('From', { exact: true }).fill('2001-03-10');
    await expect(page.getByText(`From must be on or before To (${readableDay(DAY_TWO)})`)).toBeVisible();
    await expect(table).toBeHidden();
  });
});

test("a mentor corrects a mentee's marks and the table shows them", async ({ page }) => {
  await signInAs(page, MENTOR, /\/teacher\/home$/);
  await openFromNav(page, 'Performance', /\/teacher\/performance$/);
  await page.getByRole('tab', { name: 'My mentees' }).click();
  const marks = page.getByRole('table', { name: `Marks of ${GROUP}` });
  await expect(marks).toBeVisible(PAGE_LOAD);
  const row = marks
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: String(MENTEE), exact: true }) });
  const name = (await row.getByRole('rowheader').textContent())!;

  await row.getByRole('button', { name: `Edit marks of ${name} (${MENTEE})` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit marks: ${name} (${MENTEE})` });
  await expect(dialog.getByRole('button', { name: 'Save marks' })).toBeVisible(PAGE_LOAD);
  await dialog.getByRole('textbox', { name: /^Sem-4 SGPA/ }).fill('11');
  await dialog.getByRole('button', { name: 'Save marks' }).click();
  await expect(dialog.getByText('Sem-4 SGPA must be a number from 0 to 10')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('textbox', { name: /^Sem-1 SGPA/ }).fill('9');
  await dialog.getByRole('textbox', { name: /^Sem-2 SGPA/ }).fill('8');
  await dialog.getByRole('textbox', { name: /^Sem-3 SGPA/ }).fill('');
  await dialog.getByRole('textbox', { name: /^Sem-4 SGPA/ }).fill('7.5');
  await dialog.getByRole('radio', { name: 'Computed from the SGPAs' }).check();
  await expect(dialog.getByText(/^CGPA: 8\.17 \(computed from 3 semesters\)$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save marks' }).click();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `Marks of ${name} (${MENTEE}) saved:` }),
  ).toBeVisible();
  await expect(row).toContainText('9.00');
  await expect(row).toContainText('Not Available');
  await expect(row).toContainText('8.17 (computed)');
  await expectAccessible(page);
});
