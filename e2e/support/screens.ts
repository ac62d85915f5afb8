/** Waiting for a screen as a person would: its heading is up and no list on it is still loading. */
import { expect, type Page } from '@playwright/test';

/** A (re)loaded screen first resolves the session and loads its area; slow when the machine is busy. */
export const PAGE_LOAD = { timeout: 30_000 };

export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(PAGE_LOAD);
  await expect(
    page
      .getByRole('main')
      .getByText(/^Loading/)
      .filter({ visible: true }),
  ).toHaveCount(0, PAGE_LOAD);
}
