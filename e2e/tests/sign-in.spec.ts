import { expect, test } from '@playwright/test';
import { PAGE_LOAD } from '../support/screens';
import { expectAccessible } from '../support/a11y';
import { DEMO, signIn, signInAs } from '../support/session';

test.describe('sign-in and role areas', () => {
  test('the sign-in screen offers the demo accounts and a support link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Campus Portal' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Campus Portal logo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
    await expect(page.getByRole('cell', { name: String(DEMO.admin) })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Contact support' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  for (const [role, userId] of [
    ['student', DEMO.student],
    ['teacher', DEMO.teacher],
    ['admin', DEMO.admin],
  ] as const) {
    test(`a ${role} signs in, lands on the ${role} home and signs out`, async ({ page }) => {
      await signInAs(page, userId, new RegExp(`/${role}/home$`));
      expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toMatch(/^ey/);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: /Profile menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
      await page.goto(`/${role}/home`);
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test('a wrong password shows the server message in red above the Login button', async ({ page }) => {
    await signIn(page, 230060, 'not-the-password');
    const error = page.getByRole('alert');
    await expect(error).toHaveText('Invalid User ID or password');
    await expect(error).toHaveCSS('text-align', 'center');
    const errorBox = (await error.boundingBox())!;
    const buttonBox = (await page.getByRole('button', { name: 'Login' }).boundingBox())!;
    expect(errorBox.y).toBeLessThan(buttonBox.y);
    // Red: the red channel clearly dominates green and blue (in either colour scheme).
    const color = await error.evaluate((el) => getComputedStyle(el).color);
    const [red, green, blue] = (color.match(/[\d.]+/g) ?? []).map(Number);
    expect(red, color).toBeGreaterThan(120);
    expect(red! - Math.max(green!, blue!), color).toBeGreaterThan(80);
    await expectAccessible(page);
  });

  test('an unknown user and a non-numeric User ID are refused with their messages', async ({ page }) => {
    await signIn(page, 123456789, 'whatever');
    await expect(page.getByRole('alert')).toHaveText('Invalid User ID or password');
    await signIn(page, 'abc', 'whatever');
    // The form's own refusal sits on its field; the server's message is gone.
    await expect(page.getByLabel('User ID')).toHaveAccessibleDescription('User ID must be numeric');
    await expect(page.getByLabel('User ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the sixth failed attempt is refused with when to retry', async ({ page }) => {
    for (let i = 0; i < 5; i++) {
      await signIn(page, 230059, `wrong-${i}`);
      await expect(page.getByRole('alert')).toHaveText('Invalid User ID or password');
    }
    await signIn(page, 230059, 'campus123');
    await expect(page.getByRole('alert')).toHaveText(
      /Too many failed sign-in attempts\. Try again in \d+ minutes?\./,
    );
  });

  test('guards keep each role in its own area and send a signed-out user to /', async ({ page }) => {
    await page.goto('/teacher/home');
    await expect(page).toHaveURL(/\/$/);
    await signInAs(page, DEMO.sameGroupStudent, /\/student\/home$/);
    await page.goto('/teacher/home');
    await expect(page).toHaveURL(/\/student\/home$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/student\/home$/);
  });

  test('an invalid or revoked token sends the user back to sign in with a message', async ({ page }) => {
    // The token is in place before the app's first script runs: a write made by a page just before
    // it navigates away is not always seen by the next document.
    await page.addInitScript(() => localStorage.setItem('jwtToken', 'eyJhbGciOiJIUzI1NiJ9.e30.bad'));
    await page.goto('/student/home');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible(PAGE_LOAD);
  });

  test('a session signed out elsewhere ends here at the next visit, with the same message', async ({
    page,
    request,
  }) => {
    await signInAs(page, DEMO.sameGroupStudent, /\/student\/home$/);
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    expect(token).toBeTruthy();
    const signedOut = await request.post('/api/logout', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(signedOut.ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible(PAGE_LOAD);
  });
});
