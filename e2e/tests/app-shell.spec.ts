import { expect, test, type Page } from '@playwright/test';
import { PATHS } from '@campus/contract';
import { createGuard, OWN_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { PAGE_LOAD, settle } from '../support/screens';
import { DEMO, signIn, signInAs } from '../support/session';

/** The styles a person sees of an element, as a string that two moments can be compared by. */
function lookOf(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return [
        style.paddingTop,
        style.paddingLeft,
        style.height,
        style.backgroundColor,
        style.color,
        style.borderBottomWidth,
        style.borderBottomColor,
        style.fontWeight,
      ].join(' | ');
    });
}

/**
 * The page as it loads: the first Tab shows "Skip to content", Enter on it puts focus on the main
 * region (the address unchanged), and the next Tab goes into the page, past the top bar.
 */
async function expectSkipLink(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip, `${path}: the first stop`).toBeFocused();
  await expect(skip, `${path}: shown when focused`).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(skip).not.toBeInViewport();
  expect(new URL(page.url()).hash).toBe('');
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.getElementById('content')?.contains(document.activeElement)),
    `${path}: the next stop is in the page`,
  ).toBe(true);
}

async function toggleChat(page: Page) {
  await page.getByRole('button', { name: 'Open FAQ chat' }).click();
  await expect(page.getByRole('dialog', { name: 'FAQ chat' })).toBeVisible();
  await page.getByRole('button', { name: 'Close FAQ chat' }).click();
  await expect(page.getByRole('dialog', { name: 'FAQ chat' })).toBeHidden();
}

test.describe('the app shell', () => {
  test('opening the chatbot leaves every style as it was, and the page stylesheet is not fetched again', async ({
    page,
  }) => {
    const sheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') sheets.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 1366, height: 800 });
    await signInAs(page, DEMO.student, /\/student\/home$/);
    const selectedTab = '[role="tab"][aria-selected="true"]';
    const otherTab = '[role="tab"][aria-selected="false"]';
    await expect(page.locator(selectedTab)).toHaveText('Mentor Notice');
    const before = [await lookOf(page, selectedTab), await lookOf(page, otherTab)];

    await toggleChat(page);

    expect([await lookOf(page, selectedTab), await lookOf(page, otherTab)]).toEqual(before);
    // The entry's own sheet is written into the page; only the role areas' sheet is ever requested.
    expect(sheets.filter((path) => !path.startsWith('/assets/areas-'))).toEqual([]);
  });

  test('a screen opened from its address comes with its own code named in the page, each file fetched once', async ({
    page,
  }) => {
    await signInAs(page, DEMO.student, /\/student\/home$/);
    const named = async (path: string) => {
      const html = await (await page.request.get(path)).text();
      return [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
    };
    const gatepass = await named(PATHS.student.gatepass);
    const gatepassPage = gatepass.find((file) => /\/student-gatepass-page-[\w-]+\.js$/.test(file));
    expect(gatepassPage, 'the gate pass screen is named in its own page').toBeTruthy();
    // Another screen's page names its own code, not the gate pass screen's; an unknown address the areas'.
    expect(await named(PATHS.student.help)).not.toContain(gatepassPage);
    const unknown = await named('/student/no-such-screen');
    expect(unknown.some((file) => file.includes('/areas-'))).toBe(true);
    expect(unknown).not.toContain(gatepassPage);

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(PATHS.student.gatepass);
    await expect(page.getByRole('heading', { name: 'Gate Pass', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(scripts).toContain(gatepassPage);
    expect(
      scripts.filter((file, i) => scripts.indexOf(file) !== i),
      'no file fetched twice',
    ).toEqual([]);
  });

  test('on a phone the navigation menu keeps its styling after the chatbot has been opened', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO.student, /\/student\/home$/);
    await toggleChat(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    const current = menu.getByRole('link', { name: 'Home' });
    const other = menu.getByRole('link', { name: 'Syllabus' });
    const rowHeight = (await other.boundingBox())!.height;
    expect(rowHeight, 'a menu row is a comfortable touch target').toBeGreaterThanOrEqual(36);
    const background = (link: typeof current) => link.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(current), 'the current page is highlighted').not.toBe(await background(other));
    // The chat button stays under the open menu's overlay instead of floating over it.
    const chat = page.getByRole('button', { name: 'Open FAQ chat' });
    const box = (await chat.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).not.toBe('Open FAQ chat');
    await other.click();
    await expect(page).toHaveURL(/\/student\/syllabus$/);
  });

  for (const [userId, path, home] of [
    [DEMO.student, '/student/xyz', '/student/home'],
    [DEMO.admin, '/admin/reports', '/admin/home'],
    [DEMO.admin, '/admin/settings/deeper', '/admin/home'],
  ] as const) {
    test(`an unknown address ${path} shows Page not found with the way home`, async ({ page }) => {
      await signInAs(page, userId, new RegExp(`${home}$`));
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Go to your home page' }).click();
      await expect(page).toHaveURL(new RegExp(`${home}$`));
    });
  }

  test('"Skip to content" comes first, shows when focused and leads into the page, on public pages and in every role', async ({
    browser,
    request,
  }) => {
    test.setTimeout(360_000);
    const guardId = await createGuard(request, 'Skip Guard');
    const visitor = await browser.newPage();
    for (const path of [PATHS.signIn, PATHS.support, PATHS.forgotPassword, '/no/such/page']) {
      await expectSkipLink(visitor, path);
    }
    await visitor.close();
    for (const [userId, password, path] of [
      [DEMO.student, undefined, '/student/queries'],
      [DEMO.teacher, undefined, '/teacher/gatepass'],
      [DEMO.admin, undefined, '/admin/home'],
    ] as const) {
      const page = await browser.newPage();
      await signIn(page, userId, password);
      await expect(page).toHaveURL(/\/(student|teacher|admin)\//, PAGE_LOAD);
      await expectSkipLink(page, path);
      await page.close();
    }
    // The gate desk starts in its code field, for the next pass in the queue (decision record
    // 0065); its skip link is still there for a keyboard that starts from the top.
    const desk = await browser.newPage();
    await signIn(desk, guardId, OWN_PASSWORD);
    await expect(desk).toHaveURL(/\/guard\/desk$/, PAGE_LOAD);
    await expect(desk.getByRole('textbox', { name: 'Pass code' })).toBeFocused(PAGE_LOAD);
    await expect(desk.getByRole('link', { name: 'Skip to content' })).toHaveCount(1);
    await desk.close();
  });

  test('an unknown address outside the role areas shows Page not found with a way to sign in', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('signed out in another tab, a page says so at once and signing in again returns to it', async ({
    context,
  }) => {
    const first = await context.newPage();
    await signInAs(first, DEMO.student, /\/student\/home$/);
    const second = await context.newPage();
    await second.goto('/student/gatepass');
    await expect(second.getByRole('tab', { name: 'Apply for Gate Pass' })).toBeVisible();

    await first.getByRole('button', { name: /Profile menu/ }).click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(first).toHaveURL(/\/$/);

    await expect(second).toHaveURL(/\/$/);
    await expect(second.getByText('You were signed out in another tab. Please sign in again.')).toBeVisible();
    await signIn(second, DEMO.student);
    await expect(second).toHaveURL(/\/student\/gatepass$/);
    await expect(second.getByRole('tab', { name: 'Apply for Gate Pass' })).toBeVisible();
  });

  test('a deep link while signed out asks to sign in first, then opens the page asked for', async ({
    page,
  }) => {
    await page.goto('/teacher/attendance');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Please sign in to continue.')).toBeVisible();
    await signIn(page, DEMO.teacher);
    await expect(page).toHaveURL(/\/teacher\/attendance$/);
  });
});
