/**
 * A student reads the portal in Hindi (decision record 0090): chosen at sign-in, the gate pass
 * journey in Hindi at 360 px, and the mail about the pass's approval arrives in Hindi.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { bearer, createGroup, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { expectAccessible } from '../support/a11y';
import { expectNothingCut } from '../support/hindi';
import { campusDay } from '../support/dates';
import { DEMO } from '../support/session';

const MAIL_DIR = join(process.env.E2E_DATA_DIR!, 'mail-sink');
const SHOTS = '/tmp/shots-i18n';
/** A day ahead, so that the pass is never for a day that has passed. */
const DAY = '2031-12-05';

/** The newest mail to `address` that the SMTP sink received: its text, decoded (base64 or quoted-printable). */
function mailTo(address: string): string | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return undefined;
  }
  const raw = files
    .map((name) => readFileSync(join(MAIL_DIR, name), 'utf8'))
    .filter((mail) => mail.includes(address))
    .at(-1);
  if (!raw) return undefined;
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

test.use({ viewport: { width: 360, height: 780 } });

test('a student applies for a gate pass in Hindi, and the approval mail comes in Hindi', async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const group = `HI-${unique()}`;
  await createGroup(request, group);
  const [rollNo] = await createStudents(request, group, 1, 'Hindi Student');

  await page.goto('/');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  await expect(page.getByLabel('यूज़र आईडी')).toBeVisible();
  await expectAccessible(page);
  await expectNothingCut(page);
  await page.screenshot({ path: `${SHOTS}/sign-in-360.png`, fullPage: true });

  await page.getByLabel('यूज़र आईडी').fill(String(rollNo));
  await page.getByLabel(/^पासवर्ड/).fill(OWN_PASSWORD);
  await page.getByRole('button', { name: 'लॉग इन करें' }).click();
  await expect(page).toHaveURL(/\/student\//);

  await page.goto('/student/gatepass');
  await expect(page.getByRole('heading', { name: 'गेट पास', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  await page.getByRole('button', { name: 'आवेदन भेजें' }).click();
  await expect(page.getByText('तारीख ज़रूरी है')).toBeVisible();
  await page.getByLabel(/^तारीख/).fill(campusDay(DAY));
  await page.getByLabel(/^समय/).fill('10:00');
  await page.getByLabel(/^कारण/).fill('दाँत के डॉक्टर के पास जाना है');
  await page.getByRole('button', { name: 'आवेदन भेजें' }).click();
  await expect(page.getByText('गेट पास का आवेदन सफलतापूर्वक भेज दिया गया!')).toBeVisible();
  const card = page.getByRole('region', { name: 'आपका नया गेट पास' });
  await expect(
    card.getByRole('heading', { name: /5 दिस॰? 2031, 10:00 am का गेट पास|5 दिस॰? 2031/ }),
  ).toBeVisible();
  await expect(card.getByText('लंबित', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNothingCut(page);
  await page.screenshot({ path: `${SHOTS}/gatepass-applied-360.png`, fullPage: true });

  // The teacher approves through the API; the student's list and mail follow.
  const student = await bearer(request, rollNo!, OWN_PASSWORD);
  const pending = await request.get(`/api/gatepasses/pending/${rollNo}`, { headers: student });
  expect(pending.status()).toBe(200);
  const [pass] = (await pending.json()) as { _id: string }[];
  const decided = await request.put('/api/gatepasses/update-status', {
    headers: await bearer(request, DEMO.teacher),
    data: { gatepassId: pass!._id, approvedStatus: 'approved' },
  });
  expect(decided.status(), await decided.text()).toBe(200);

  await page.getByRole('tab', { name: 'स्वीकृत गेट पास', exact: true }).click();
  await expect(page.getByText('स्वीकृत', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'गेट पर दिखाएँ' })).toBeVisible();
  await expectAccessible(page);
  await expectNothingCut(page);
  await page.screenshot({ path: `${SHOTS}/gatepass-approved-360.png`, fullPage: true });

  let text: string | undefined;
  await expect
    .poll(() => (text = mailTo(`s${rollNo}@campus.example.edu`)), { timeout: 20_000 })
    .toContain('स्वीकृत');
  expect(text).toContain('नमस्ते');
  expect(text).toMatch(/5 दिस॰? 2031 के लिए आपका गेट पास/);
  expect(text).toContain('Campus Portal में देखें');

  // The leave screen is in Hindi too.
  await page.getByRole('button', { name: 'नेविगेशन खोलें' }).click();
  await page.getByRole('link', { name: 'छुट्टी' }).click();
  await expect(page.getByRole('heading', { name: 'छुट्टी', level: 1 })).toBeVisible();
  await expect(page.getByText('आपका छुट्टी का कोई आवेदन नहीं है।')).toBeVisible();
  await expect(page.getByRole('button', { name: 'छुट्टी के लिए आवेदन करें' })).toBeVisible();
  await expectAccessible(page);
  await expectNothingCut(page);
  await page.screenshot({ path: `${SHOTS}/leave-360.png`, fullPage: true });
});
