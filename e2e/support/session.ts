/** Signing in through the real sign-in screen, as a person would. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'campus123';
export const DEMO = {
  admin: 900001,
  teacher: 500001,
  otherTeacher: 500002,
  student: 230001,
  sameGroupStudent: 230002,
  otherGroupStudent: 230003,
  guard: 700001,
  /** The guardian of 230001 and 230002 (decision record 0091). */
  guardian: 800001,
} as const;

export async function signIn(page: Page, userId: number | string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('User ID').fill(String(userId));
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function signInAs(
  page: Page,
  userId: number,
  home: RegExp,
  password = DEMO_PASSWORD,
): Promise<void> {
  await signIn(page, userId, password);
  await expect(page).toHaveURL(home);
}
