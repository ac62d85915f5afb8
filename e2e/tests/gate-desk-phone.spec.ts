/**
 * The gate desk on a guard's phone with a queue (issue 58): the code field is ready on load, the
 * answer and its action are on the first screen with the camera strip running, the field is empty
 * and ready again after the exit, a typo is told apart from a forgery, and every control on the desk
 * is at least 44 px tall.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatGateCode } from '@campus/contract';
import { CHROMIUM_ARGS } from '../../bench/web/chromium-flags';
import { bearer, createGroup, createGuard, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { PAGE_LOAD, settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const PHONE = { width: 360, height: 740 };

// A camera that plays Chromium's own test pattern, so the desk shows its strip as on a real phone.
test.use({
  viewport: PHONE,
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

/** The desk's buttons, fields and choices shorter than 44 px (a visually hidden radio counts as its label). */
async function shortControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['no main region'];
    const short: string[] = [];
    for (const control of Array.from(main.querySelectorAll('button, input, select, textarea, a[href]'))) {
      let box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) {
        const label = control.closest('label') ?? main.querySelector(`label[for="${control.id}"]`);
        if (!label) continue;
        box = label.getBoundingClientRect();
      }
      const style = getComputedStyle(control);
      if (box.width === 0 || style.visibility === 'hidden') continue;
      if (box.height < 44) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        short.push(`${control.tagName.toLowerCase()} "${name}": ${box.height.toFixed(1)} px`);
      }
    }
    return short;
  });
}

test('a guard with a queue checks a code, allows the exit on the first screen, and is ready for the next', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const guardId = await createGuard(request, 'Phone Guard');
  // The student's own pass for today, approved by their mentor; each signed in apart, as each has a
  // device of their own.
  const reason = `Desk ${unique()}`;
  // A student of the journey's own: the demo students' hourly pass allowance is other journeys'.
  const group = `Desk ${unique()}`;
  await createGroup(request, group);
  const [rollNo] = await createStudents(request, group, 1, 'Desk Student');
  const asStudent = await playwright.request.newContext({ baseURL });
  const asTeacher = await playwright.request.newContext({ baseURL });
  const student = await bearer(asStudent, rollNo!, OWN_PASSWORD);
  const submitted = await asStudent.post('/api/submit-gatepass', {
    headers: student,
    data: { date: new Date().toISOString().slice(0, 10), time: '00:00', reason },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const passId = (await submitted.json()).gatepass._id as string;
  const approved = await asTeacher.put('/api/gatepasses/update-status', {
    headers: await bearer(asTeacher, DEMO.teacher),
    data: { gatepassId: passId, approvedStatus: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const issued = await asStudent.get(`/api/gatepasses/${passId}/credential`, { headers: student });
  expect(issued.status()).toBe(200);
  const { code } = (await issued.json()) as { code: string };
  await Promise.all([asStudent.dispose(), asTeacher.dispose()]);

  await signInAs(page, guardId, /\/guard\/desk$/, OWN_PASSWORD);
  await settle(page);
  const field = page.getByRole('textbox', { name: 'Pass code' });
  const answer = page.getByTestId('gate-answer');
  await expect(field).toBeFocused(PAGE_LOAD);
  await expect(page.getByTestId('gate-camera')).toBeVisible();
  expect(await shortControls(page)).toEqual([]);
  await expectAccessible(page);

  // The code as the student's pass shows it, typed in lower case.
  await field.fill(formatGateCode(code).toLowerCase());
  await page.getByRole('button', { name: 'Check' }).click();
  const allow = answer.getByRole('button', { name: 'Allow exit' });
  await expect(allow).toBeVisible();
  await expect(answer).toContainText(reason);
  const box = await allow.boundingBox();
  if (!box) throw new Error('Allow exit has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height, 'Allow exit is on the first screen').toBeLessThanOrEqual(PHONE.height);
  expect(await shortControls(page)).toEqual([]);
  await expectAccessible(page);

  await allow.click();
  await expect(answer).toContainText('Exit recorded');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  // A typo is not a forgery.
  await field.fill('zz');
  await field.press('Enter');
  await expect(answer).toContainText('No pass with this code — check it');
  await expect(answer).not.toContainText('Refused');
  expect(await shortControls(page)).toEqual([]);
  await expectAccessible(page);
  // The desk clears itself for the next student.
  await expect(answer).toContainText('Ready for the next pass:', { timeout: 15_000 });
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
});
