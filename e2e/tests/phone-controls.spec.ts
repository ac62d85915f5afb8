/**
 * At the width of a small phone (360×740) every control a finger taps is at least 44 px tall, and a
 * row of tabs too long for the screen shows that it scrolls rather than cutting its last tab silently
 * (issue 58).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PATHS } from '@campus/contract';
import { PAGE_LOAD, settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const PHONE = { width: 360, height: 740 };
const TAP = 44;

interface Control {
  what: string;
  height: number;
}

/**
 * Every visible control of the page with the height a finger has to hit: buttons, fields (their
 * whole box), checkbox and radio labels (or, without one, the box's tap area), segmented controls'
 * choices and tabs.
 */
function controlsOf(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
    };
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const height = (el: Element) => el.getBoundingClientRect().height;
    const found: Control[] = [];
    for (const el of Array.from(document.querySelectorAll('button, [role="button"], input[type="submit"]'))) {
      if (shown(el)) found.push({ what: `button ${name(el)}`, height: height(el) });
    }
    for (const el of Array.from(
      document.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]), textarea, select'),
    )) {
      const box = el.closest('.mantine-Input-wrapper') ?? el;
      if (shown(box))
        found.push({
          what: `field ${name(el.closest('.mantine-InputWrapper-root') ?? el)}`,
          height: height(box),
        });
    }
    for (const el of Array.from(
      document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]'),
    )) {
      const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
      if (label && shown(label)) {
        found.push({ what: `${el.type} ${name(label)}`, height: Math.max(height(label), height(el)) });
      } else if (shown(el)) {
        // No label: the tap area is the box and the ring around it (phone-controls.css).
        const ring = getComputedStyle(el, '::after');
        const extra = -(parseFloat(ring.top) || 0) - (parseFloat(ring.bottom) || 0);
        found.push({ what: `${el.type} ${name(el)}`, height: height(el) + Math.max(0, extra) });
      }
    }
    for (const el of Array.from(document.querySelectorAll('[role="tab"]'))) {
      if (shown(el)) found.push({ what: `tab ${name(el)}`, height: height(el) });
    }
    return found;
  });
}

/** Tab strips wider than the screen: each must carry the edge shadows, and no tab's own label is cut. */
function tabStrips(page: Page): Promise<{ tabs: string; overflows: boolean; cue: boolean; cut: string[] }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main [role="tablist"]'))
      .filter((list) => list.getBoundingClientRect().width > 0)
      .map((list) => {
        const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
        return {
          tabs: tabs.map((tab) => tab.textContent?.trim()).join(' | '),
          overflows: list.scrollWidth > list.clientWidth + 1,
          cue: /gradient/.test(getComputedStyle(list).backgroundImage),
          cut: tabs
            .filter((tab) => tab.scrollWidth > tab.clientWidth + 1)
            .map((tab) => tab.textContent ?? ''),
        };
      }),
  );
}

/** Soft, so that one run names every small control of every screen. */
async function expectTappable(page: Page, where: string): Promise<void> {
  const controls = await controlsOf(page);
  expect(controls.length, `${where} has controls to check`).toBeGreaterThan(0);
  const small = controls
    .filter((c) => c.height < TAP - 0.5)
    .map((c) => `${c.what}: ${c.height.toFixed(1)} px`);
  expect.soft(small, `controls under ${TAP} px on ${where}`).toEqual([]);
  for (const strip of await tabStrips(page)) {
    expect.soft(strip.cut, `tab labels cut inside their tab on ${where}`).toEqual([]);
    if (strip.overflows) {
      expect.soft(strip.cue, `tabs "${strip.tabs}" on ${where} scroll without a cue`).toBe(true);
    }
  }
}

/** The screen, then each of its tabs in turn. */
async function checkScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
  await expectTappable(page, path);
  const tabs = page.getByRole('main').getByRole('tab');
  const names = await tabs.allTextContents();
  for (const [index, tabName] of names.entries()) {
    await tabs.nth(index).click();
    await settle(page);
    await expectTappable(page, `${path}, tab ${tabName}`);
  }
}

async function phonePage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: PHONE })).newPage();
}

test.describe('controls at phone width (360×740)', () => {
  test('the sign-in page', async ({ browser }) => {
    const page = await phonePage(browser);
    await page.goto(PATHS.signIn);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(PAGE_LOAD);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectTappable(page, PATHS.signIn);
    // The password's own input, inside its box's border, is what a finger hits.
    const password = await page.getByLabel(/^Password/).boundingBox();
    expect(password?.height).toBeGreaterThanOrEqual(TAP);
  });

  test("the teacher's Mark Attendance: the date's clear, each student's choices, the top bar", async ({
    browser,
  }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
    await page.goto(PATHS.teacher.attendance);
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option').first().click();
    const choices = page.locator('.roster-choice > input[type="radio"]');
    await expect(choices.first()).toBeVisible(PAGE_LOAD);
    await settle(page);
    await expectTappable(page, PATHS.teacher.attendance);
    // The radio itself, which takes the tap (its label lets taps through), is the whole 44 px.
    for (const choice of (await choices.all()).slice(0, 4)) {
      expect((await choice.boundingBox())?.height).toBeGreaterThanOrEqual(TAP);
    }
    for (const target of [
      page.getByRole('link', { name: 'Campus Portal home' }),
      page.getByRole('button', { name: /^Profile menu/ }),
    ]) {
      const box = await target.boundingBox();
      expect.soft(box?.width, `${await target.getAttribute('aria-label')} wide`).toBeGreaterThanOrEqual(TAP);
      expect.soft(box?.height, `${await target.getAttribute('aria-label')} tall`).toBeGreaterThanOrEqual(TAP);
    }
    // Keys mean nothing on a phone: the hint is not shown.
    await expect(page.getByText(/^Keys:/)).toBeHidden();
  });

  test("a select's clear beside its chevron: the Audit Log's Action filter", async ({ browser }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await page.goto(PATHS.admin.audit);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const action = page.getByRole('combobox', { name: 'Action' });
    await expect(action).toBeVisible(PAGE_LOAD);
    const field = action.locator('xpath=..');
    const before = await field.boundingBox();
    await action.click();
    const option = page.getByRole('option').first();
    const chosen = (await option.textContent())?.trim() ?? '';
    await option.click();
    await expect(action).toHaveValue(chosen);
    const clear = field.locator('.mantine-InputClearButton-root');
    await expect(clear).toBeVisible();
    const box = await clear.boundingBox();
    expect(box?.width, 'the clear is wide enough').toBeGreaterThanOrEqual(TAP);
    expect(box?.height, 'the clear is tall enough').toBeGreaterThanOrEqual(TAP);
    // The field is no bigger for it, and the chevron beside it is not under the finger's target.
    const after = await field.boundingBox();
    expect([after?.width, after?.height]).toEqual([before?.width, before?.height]);
    const chevron = await field.locator('[data-combined-clear-section] > :last-child').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((chevron?.x ?? 0) + 0.5);
    await clear.click();
    await expect(action).toHaveValue('');
  });

  test("the student's gate pass screen and queries board", async ({ browser }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.student, /\/student\/home$/);
    for (const path of [PATHS.student.gatepass, PATHS.student.queries]) {
      await test.step(path, () => checkScreen(page, path));
    }
  });

  test("the admin's Timetable: a group's week, a period's dialog and the other tabs", async ({ browser }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await checkScreen(page, `${PATHS.admin.timetable}?group=CSE-A`);
    await page.getByRole('tab', { name: 'Weekly periods' }).click();
    await page.getByRole('region', { name: 'Monday' }).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectTappable(page, `${PATHS.admin.timetable}, a period's dialog`);
  });

  test("the teacher's Manage Students list", async ({ browser }) => {
    const page = await phonePage(browser);
    await signInAs(page, DEMO.teacher, /\/teacher\/home$/);
    await checkScreen(page, PATHS.teacher.manage);
    // The list's filters sit behind their button on a phone: open, they are tall enough too.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByLabel('Group')).toBeVisible();
    await expectTappable(page, `${PATHS.teacher.manage}, filters open`);
  });
});
