/**
 * The portal follows the system's colour scheme: with a dark system every screen is dark from the first
 * paint, and axe still finds no WCAG 2.1 AA violation on any screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { PATHS, type Role } from '@campus/contract';
import { createGuard, OWN_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { PAGE_LOAD, settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const ACCOUNT: Record<Exclude<Role, 'guard'>, number> = {
  student: DEMO.student,
  teacher: DEMO.teacher,
  admin: DEMO.admin,
  guardian: DEMO.guardian,
};

test.use({ colorScheme: 'dark' });

/** The page's background as the brightness of its colour, 0 (black) to 255 (white). */
function backgroundBrightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).map(Number);
    return 0.299 * r! + 0.587 * g! + 0.114 * b!;
  });
}

async function checkScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
  expect(await backgroundBrightness(page), `${path} is dark`).toBeLessThan(60);
  // The screen as it opens: the other tabs reuse the same cards, tables and badges, whose colours are
  // what a dark scheme can get wrong.
  await expectAccessible(page);
}

test.describe('with a dark system colour scheme', () => {
  test('the sign-in and support screens are dark and accessible', async ({ page }) => {
    for (const path of [PATHS.signIn, PATHS.support]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible(PAGE_LOAD);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      expect(await backgroundBrightness(page)).toBeLessThan(60);
      await expectAccessible(page);
    }
  });

  for (const role of ['student', 'teacher', 'admin'] as const) {
    test(`every ${role} screen is dark and accessible`, async ({ page }) => {
      const screens = [...new Set(Object.values(PATHS[role]))];
      test.setTimeout(60_000 + screens.length * 30_000);
      await signInAs(page, ACCOUNT[role], new RegExp(`/${role}/home$`));
      for (const path of screens) {
        await test.step(path, () => checkScreen(page, path));
      }
      await test.step('the FAQ chat', async () => {
        await page.getByRole('button', { name: 'Open FAQ chat' }).click();
        await expect(page.getByRole('dialog', { name: 'FAQ chat' })).toBeVisible();
        await expectAccessible(page);
      });
    });
  }

  test('the gate desk is dark and accessible with moves waiting to be sent, and their line reads in the light scheme too', async ({
    page,
    request,
  }) => {
    const guardId = await createGuard(request, 'Dark Guard');
    // A return recorded while the network was down, which cannot be sent yet.
    await page.addInitScript(() => {
      localStorage.setItem(
        'gate.queue',
        JSON.stringify([
          {
            direction: 'return',
            gatepassId: '00000000-0000-4000-8000-000000000001',
            at: new Date().toISOString(),
          },
        ]),
      );
    });
    await page.route('**/api/gate/return', (route) => route.abort('internetdisconnected'));
    await signInAs(page, guardId, /\/guard\/desk$/, OWN_PASSWORD);
    const waiting = page.getByText('1 recorded offline, waiting to be sent');
    await expect(waiting).toBeVisible(PAGE_LOAD);
    expect(await backgroundBrightness(page)).toBeLessThan(60);
    await expectAccessible(page);

    // What the desk checks is kept through a reload.
    await page.getByText('Exit', { exact: true }).click();
    await expect(page).toHaveURL(/\/guard\/desk\?direction=exit$/);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Exit' })).toBeChecked(PAGE_LOAD);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(waiting).toBeVisible();
    await expectAccessible(page);
  });
});
