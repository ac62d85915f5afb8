/**
 * The office's side of guardians (issue 61, decision record 0093), at desktop width and at 360 px:
 * an admin creates a guardian (the one-time password shown once), links two students by roll
 * number, and a notice for the guardians of those students' group reaches the guardian's notices.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  bearer,
  choosePassword,
  createGroup,
  createStudents,
  OWN_PASSWORD,
  unique,
} from '../support/accounts';
import { DEMO, signIn, signInAs } from '../support/session';

const SHOTS = '/tmp/shots-admin-guardians';
mkdirSync(SHOTS, { recursive: true });

/**
 * Opens a screen from the navigation, as a person would (the top bar, its "More" menu, or the phone
 * menu): after sign-in the app's code is loaded in the order a visit loads it.
 */
async function go(page: Page, name: string) {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  const main = page.getByRole('navigation', { name: 'Main' });
  // The top bar is drawn: the phone's menu button, or the desktop's navigation.
  await expect.poll(async () => (await burger.isVisible()) || (await main.isVisible())).toBe(true);
  if (await burger.isVisible()) {
    await burger.click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name, exact: true }).click();
    return;
  }
  const link = main.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'More' }).click();
  await page
    .getByRole('link', { name, exact: true })
    .or(page.getByRole('menuitem', { name, exact: true }))
    .first()
    .click();
  await page.mouse.move(0, 0);
}

async function linkStudent(page: Page, guardianName: string, rollNo: number, relation: string) {
  const row = page.getByRole('row', { name: new RegExp(guardianName) });
  await row.getByRole('button', { name: `Link ${guardianName} to a student` }).click();
  const dialog = page.getByRole('dialog', { name: `Link ${guardianName} to a student` });
  await dialog.getByLabel(/^Roll number/).fill(String(rollNo));
  await dialog.getByLabel(/^Relation/).fill(relation);
  await dialog.getByRole('button', { name: 'Link student' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`(${rollNo}), ${relation}`);
}

for (const { label, width } of [
  { label: 'desktop', width: 1280 },
  { label: 'phone', width: 360 },
]) {
  test(`${label}: an admin creates a guardian, links two students, and the guardian sees a notice for guardians`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const tag = unique();
    const group = `GD-${tag}`.slice(0, 20);
    await createGroup(request, group);
    const [first, second] = await createStudents(request, group, 2, `Ward ${tag}`);
    const name = `Parent ${tag}`;

    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await go(page, 'Guardians');
    await expect(page.getByRole('heading', { level: 1, name: 'Guardians' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Email/ }).fill(`parent.${tag}@family.example.org`);
    await page.getByRole('button', { name: 'Create guardian' }).click();
    const shown = page.getByRole('dialog', { name: 'One-time password' });
    const oneTimePassword = await shown.getByRole('textbox', { name: 'One-time password' }).inputValue();
    expect(oneTimePassword.length).toBeGreaterThan(5);
    const userId = Number(/\((\d+)\)/.exec((await shown.textContent()) ?? '')?.[1]);
    expect(userId).toBeGreaterThan(800_000);
    await page.screenshot({ path: `${SHOTS}/password-${width}.png` });
    await shown.getByRole('button', { name: 'Close' }).first().click();

    await page.getByLabel('Search guardians').fill(tag);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await linkStudent(page, name, first!, 'Mother');
    await linkStudent(page, name, second!, 'Mother');
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/list-${width}.png`, fullPage: true });
    if (width === 360) {
      for (const button of await page.getByRole('button', { name: /^(Link|Reset|Unlink)/ }).all()) {
        expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    }

    // A teacher writes to the guardians of the students' group.
    const posted = await request.post('/api/create-notice', {
      headers: await bearer(request, DEMO.teacher),
      data: {
        type: 'generalNotice',
        data: {
          heading: `Trip letter ${tag}`,
          contactEmail: 'office@campus.example.edu',
          description: 'Please sign the trip letter by Friday.',
          audience: 'guardianGroups',
          groups: [group],
        },
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    await choosePassword(request, userId, oneTimePassword);
    // The admin leaves the device: the guardian signs in afresh on it.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, userId, OWN_PASSWORD);
    await expect(page).toHaveURL(/\/guardian\/children/);
    await go(page, 'Notices');
    await expect(page.getByRole('heading', { level: 1, name: 'Notices for guardians' })).toBeVisible();
    await expect(page.getByRole('article', { name: `Trip letter ${tag}` })).toContainText(
      'Please sign the trip letter',
    );
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/notices-${width}.png`, fullPage: true });
    await go(page, 'Settings');
    await expect(page.getByRole('region', { name: new RegExp(`roll number ${first}`) })).toBeVisible();
    await expect(page.getByRole('region', { name: new RegExp(`roll number ${second}`) })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/settings-${width}.png`, fullPage: true });
  });
}
