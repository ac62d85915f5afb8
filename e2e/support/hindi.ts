/** What every Hindi screen is held to at phone width (decision record 0090). */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';

/** Where the Hindi screens' pictures are kept for review. */
export const HINDI_SHOTS = '/tmp/shots-i18n';

/** No label wider than its box, and nothing wider than the screen. */
export async function expectNothingCut(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const wide = document.documentElement.scrollWidth > window.innerWidth + 1;
    const cut = Array.from(
      document.querySelectorAll('label, button, a, th, [role="tab"], .mantine-Badge-label, h1, h2'),
    )
      .filter(
        (el) => el instanceof HTMLElement && el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1,
      )
      // A table wider than the phone scrolls in its own box; its cells are not cut.
      .filter((el) => !el.closest('.mantine-ScrollArea-viewport'))
      .map((el) => el.textContent);
    return { wide, cut };
  });
  expect(overflowing).toEqual({ wide: false, cut: [] });
}

/** The screen is in Hindi, passes axe and cuts nothing; its picture is kept as `<name>-360.png`. */
export async function checkHindiScreen(page: Page, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  await expectAccessible(page);
  await expectNothingCut(page);
  mkdirSync(HINDI_SHOTS, { recursive: true });
  await page.screenshot({ path: `${HINDI_SHOTS}/${name}-360.png`, fullPage: true });
}
