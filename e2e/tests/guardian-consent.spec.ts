/**
 * Guardian consent for a gate pass on a phone (issue 61, decision record 0092). The journey makes
 * its own group, student and guardian (of that student and of demo student 230003), and turns
 * consent on for its own group only, so the journeys running beside it are not touched. The student
 * applies; the pass waits, hidden from the staff's pending list; the guardian signs in by a code
 * read from the SMTP sink, sees the waiting pass, then consents from the consent mail's link (its
 * page asks before it acts), and the pass moves on. Then the other child's attendance forecast.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  bearer,
  choosePassword,
  createGroup,
  createStudents,
  OWN_PASSWORD,
  unique,
} from '../support/accounts';
import { DEMO, signInAs } from '../support/session';

const MAIL_DIR = join(process.env.E2E_DATA_DIR!, 'mail-sink');
const SHOTS = '/tmp/shots-guardian-consent';
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

/** The texts of the mails the SMTP sink received for `address`, oldest first (quoted-printable undone). */
function mailsTo(address: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).sort();
  } catch {
    return [];
  }
  return files
    .map((name) => readFileSync(join(MAIL_DIR, name), 'utf8'))
    .filter((text) => text.includes(address))
    .map((text) =>
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

const codeIn = (address: string) =>
  mailsTo(address)
    .map((text) => /(\d{6}) is your Campus Portal sign-in code/.exec(text)?.[1])
    .filter(Boolean)
    .at(-1);
const consentLinkIn = (address: string, passId: string) =>
  mailsTo(address)
    .map((text) => /https?:\/\/\S+\/guardian-consent\?pass=([\w-]+)&token=[\w.%-]+/.exec(text))
    .find((found) => found?.[1] === passId)?.[0];

async function pendingOf(request: APIRequestContext, group: string) {
  const res = await request.get(`/api/gatepasses/pending?group=${encodeURIComponent(group)}`, {
    headers: await bearer(request, DEMO.admin),
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { _id: string; guardianConsent?: string }[];
}

test('a guardian of two children consents to a gate pass from the mail on a phone', async ({
  page,
  browser,
  request,
}) => {
  const admin = await bearer(request, DEMO.admin);
  const group = `GC-${unique()}`.slice(0, 20);
  await createGroup(request, group);
  const [child] = await createStudents(request, group, 1, 'Kavya Consent');
  const email = `consent.${unique()}@family.example.org`;
  const created = await request.post('/api/guardians', {
    headers: admin,
    data: { name: 'Meena Consent', email },
  });
  expect(created.status(), await created.text()).toBe(201);
  const made = (await created.json()) as { guardian: { guardianId: number }; oneTimePassword: string };
  const guardianId = made.guardian.guardianId;
  // The office's one-time password replaced first, as at a first sign-in: the code then lands on the children.
  await choosePassword(request, guardianId, made.oneTimePassword);
  for (const [rollNo, relation] of [
    [child!, 'Mother'],
    [DEMO.otherGroupStudent, 'Aunt'],
  ] as const) {
    const linked = await request.put(`/api/guardians/${guardianId}/students/${rollNo}`, {
      headers: admin,
      data: { relation },
    });
    expect(linked.status(), await linked.text()).toBe(200);
  }

  const setConsent = (groups: string[]) =>
    request.put('/api/guardian-consent-settings', { headers: admin, data: { all: false, groups } });
  expect((await setConsent([group])).status()).toBe(200);
  try {
    // The student applies: the pass waits for the guardian, and is in no pending list of the staff.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const applied = await request.post('/api/submit-gatepass', {
      headers: await bearer(request, child!, OWN_PASSWORD),
      data: { date: day, time: '10:00', returnBy: '13:00', reason: 'Cousin’s wedding in town' },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const pass = (await applied.json()).gatepass as { _id: string; waitingFor?: string };
    expect(pass.waitingFor).toBe('guardian');
    expect((await pendingOf(request, group)).map((p) => p._id)).not.toContain(pass._id);

    // The student's pass card says where it waits.
    const studentContext = await browser.newContext({ viewport: PHONE });
    const studentPage = await studentContext.newPage();
    await signInAs(studentPage, child!, /\/student\//, OWN_PASSWORD);
    await studentPage.goto('/student/gatepass?tab=pending');
    await expect(studentPage.getByText('Waiting for your guardian’s consent')).toBeVisible();
    await expectAccessible(studentPage);
    await studentPage.screenshot({ path: `${SHOTS}/student-waiting-360.png`, fullPage: true });
    await studentContext.close();

    // The guardian signs in by code, read from the mail that reached the SMTP sink.
    await page.goto('/guardian-sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('status')).toContainText('If this address belongs to a guardian');
    let code: string | undefined;
    await expect.poll(() => (code = codeIn(email)), { timeout: 20_000 }).toBeTruthy();
    await page.getByLabel('Sign-in code').fill(code!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/guardian\/children/);

    // The child's screen shows the waiting pass with Consent and Decline, each 44 px or more.
    const switcher = page.getByRole('radiogroup', { name: 'Show the records of' });
    await switcher.locator('label', { hasText: 'Kavya' }).click();
    await expect(page.getByRole('region', { name: 'Today' })).toContainText(`roll number ${child}`);
    const answer = page.getByRole('group', { name: /Answer the gate pass of/ });
    await expect(answer).toBeVisible();
    for (const name of ['Consent', 'Decline']) {
      const box = await answer.getByRole('button', { name }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/child-waiting-360.png`, fullPage: true });

    // The consent mail's link: opening it asks, and changes nothing.
    let link: string | undefined;
    await expect.poll(() => (link = consentLinkIn(email, pass._id)), { timeout: 20_000 }).toBeTruthy();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading', { name: 'Consent to a gate pass' })).toBeVisible();
    await expect(page.getByText(/Kavya Consent 1 asks to leave campus on/)).toBeVisible();
    expect((await pendingOf(request, group)).map((p) => p._id)).not.toContain(pass._id);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/consent-page-360.png`, fullPage: true });

    // The guardian confirms: the pass moves on to the mentor's pending list.
    await page.getByRole('button', { name: 'I consent' }).click();
    await expect(page.getByRole('status')).toContainText('now goes to the mentor');
    await expectAccessible(page);
    const moved = (await pendingOf(request, group)).find((p) => p._id === pass._id);
    expect(moved?.guardianConsent).toBe('given');

    // Back on the child's screen the pass is pending for the mentor; then the other child's forecast.
    await page.goto(`/guardian/children?child=${child}`);
    const passes = page.getByRole('region', { name: 'Gate passes' });
    await expect(passes).toContainText('pending');
    await expect(passes.getByRole('button', { name: 'Consent' })).toHaveCount(0);
    await switcher.locator('label', { hasNotText: 'Kavya' }).click();
    await expect(page.getByRole('region', { name: 'Today' })).toContainText(
      `roll number ${DEMO.otherGroupStudent}`,
    );
    const attendance = page.getByRole('region', { name: 'Attendance' });
    await expect(attendance).toContainText('Overall:');
    await expect(attendance).toContainText(/to stay at|can no longer be reached|is safe|remain this term/);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/other-child-360.png`, fullPage: true });
  } finally {
    await setConsent([]);
  }
});
