/**
 * A guard reads the gate desk in Hindi at 360 px (issue 64, decision record 0090): chosen at sign-in,
 * the desk, a pass's answer and its action in Hindi, nothing cut, and axe finds nothing (the page's
 * `lang` follows the language).
 */
import { expect, test } from '@playwright/test';
import { bearer, createGroup, createGuard, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { expectNothingCut } from '../support/hindi';
import { termNow } from '../support/lectures';
import { PAGE_LOAD } from '../support/screens';
import { DEMO } from '../support/session';

const SHOTS = '/tmp/shots-e';

test.use({ viewport: { width: 360, height: 740 } });

test('a guard checks a pass at the gate desk in Hindi', async ({ page, request }) => {
  const guardId = await createGuard(request, 'Hindi Guard');
  const group = `HG-${unique()}`;
  await createGroup(request, group);
  const [rollNo] = await createStudents(request, group, 1, 'Gate Student');
  const now = await termNow(request);
  const submitted = await request.post('/api/submit-gatepass', {
    headers: await bearer(request, rollNo!, OWN_PASSWORD),
    data: { date: now.day, time: '23:00', reason: `Hindi gate ${unique()}` },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const passId = (await submitted.json()).gatepass._id as string;
  const approved = await request.put('/api/gatepasses/update-status', {
    headers: await bearer(request, DEMO.teacher),
    data: { gatepassId: passId, approvedStatus: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const issued = await request.get(`/api/gatepasses/${passId}/credential`, {
    headers: await bearer(request, rollNo!, OWN_PASSWORD),
  });
  const { code } = (await issued.json()) as { code: string };

  await page.goto('/');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await page.getByLabel('यूज़र आईडी').fill(String(guardId));
  await page.getByLabel(/^पासवर्ड/).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'लॉग इन करें' }).click();
  await expect(page).toHaveURL(/\/guard\//);

  await expect(page.getByRole('heading', { name: 'गेट डेस्क' })).toBeVisible(PAGE_LOAD);
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  await expect(page.getByRole('textbox', { name: 'पास कोड' })).toBeFocused();
  await expect(page.getByTestId('gate-answer')).toContainText('अगले पास के लिए तैयार');
  await expectNothingCut(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/gate-desk-hindi-360.png`, fullPage: true });

  await page.getByRole('textbox', { name: 'पास कोड' }).fill(code);
  await page.getByRole('button', { name: 'जाँचें' }).click();
  const allow = page.getByRole('button', { name: 'बाहर जाने दें' });
  await expect(allow).toBeFocused(PAGE_LOAD);
  await expect(page.getByTestId('gate-answer')).toContainText('सही पास · बाहर जा रहे हैं');
  await expect(page.getByTestId('gate-answer')).toContainText(`रोल नंबर ${rollNo}`);
  await expectNothingCut(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/gate-desk-hindi-allow-360.png`, fullPage: true });

  await allow.click();
  await expect(page.getByRole('heading', { name: 'बाहर जाना दर्ज' })).toBeVisible(PAGE_LOAD);
  await expectAccessible(page);
});
