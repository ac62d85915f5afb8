/**
 * The FAQ chat button stays out of the way of every page's own controls (issue 58): it sits in the
 * top bar, so the last row's Absent on a phone's roster and a request's Reject at 1280 px are what a
 * tap at their centre reaches; and the gate desk has no chat button at all.
 */
import { expect, test, type Locator } from '@playwright/test';
import { PATHS } from '@campus/contract';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

/** Whether a tap at the centre of `target` lands on it (or inside it), not on something above it. */
async function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

test('on a phone the last row’s Absent is not under the chat button, which is in the top bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
  await page.goto(PATHS.teacher.attendance);
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option').first().click();
  const rows = page
    .getByRole('radiogroup', { name: /^Attendance of / })
    .filter({ has: page.getByRole('radio', { name: 'Absent' }) });
  await expect(rows.first()).toBeVisible(PAGE_LOAD);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const absent = rows.last().getByText('Absent', { exact: true });
  await expect(absent).toBeInViewport({ ratio: 1 });
  expect(await reachable(absent)).toBe(true);

  const chat = page.getByRole('banner').getByRole('button', { name: 'Open FAQ chat' });
  await expect(chat).toBeVisible();
  await chat.click();
  await expect(page.getByRole('dialog', { name: 'FAQ chat' })).toBeVisible();
});

test('at 1280 px every Reject of a teacher’s requests is reachable', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
  await page.goto(PATHS.teacher.gatepass);
  const reject = page.getByRole('button', { name: /^Reject/ });
  await expect(reject.first()).toBeVisible(PAGE_LOAD);
  for (const button of await reject.all()) {
    await button.scrollIntoViewIfNeeded();
    expect(await reachable(button)).toBe(true);
  }
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open FAQ chat' })).toBeVisible();
});

test('the gate desk has no chat button', async ({ page }) => {
  await signInAs(page, 700001, /\/guard\//);
  await expect(page.getByRole('button', { name: /Profile menu/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /FAQ chat/ })).toHaveCount(0);
});
