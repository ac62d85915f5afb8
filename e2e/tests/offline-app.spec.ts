/**
 * The app in the pocket (issue 62): installable (a valid manifest, a service worker in control), a
 * student's approved pass with its QR code opening with the network cut, a teacher marking a
 * 60-student lecture offline with the marks sent once on reconnecting and a mark made meanwhile
 * shown rather than overwritten, and a shared phone keeping nothing of the person who signed out.
 *
 * Each test has a browser context of its own with service workers allowed: a worker installed by
 * one test never serves another.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { bearer, createGroup, createGuard, createStudents, OWN_PASSWORD, unique } from '../support/accounts';
import { createTeacher, lectureOnNow, termNow } from '../support/lectures';
import { keptAnswers } from '../support/offline';
import { browserWithCamera, writeQrVideo } from '../support/qr-video';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const PHONE = { width: 360, height: 740 };

async function freshPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: PHONE, baseURL });
  return { context, page: await context.newPage() };
}

/** Waits until the service worker controls the page (it claims the first visit's page at once). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, PAGE_LOAD);
}

/** The screen at a phone's width and a laptop's, kept with the run's results. */
async function shots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`) });
  await page.setViewportSize(PHONE);
}

/** A student of a group of their own with an approved pass for today; their roll number and pass. */
async function studentWithPass(request: APIRequestContext, reason: string) {
  const u = unique();
  const group = `Pocket ${u}`;
  await createGroup(request, group);
  const [rollNo] = await createStudents(request, group, 1, 'Pocket Student');
  const now = await termNow(request);
  const submitted = await request.post('/api/submit-gatepass', {
    headers: await bearer(request, rollNo!, OWN_PASSWORD),
    data: { date: now.day, time: '23:00', reason },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const passId = (await submitted.json()).gatepass._id as string;
  const approved = await request.put('/api/gatepasses/update-status', {
    headers: await bearer(request, DEMO.teacher),
    data: { gatepassId: passId, approvedStatus: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { rollNo: rollNo!, passId };
}

async function openPassAtGate(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Approved Gate Pass' }).click();
  await page.getByRole('button', { name: 'Show at the gate' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: 'QR code of your gate pass' })).toBeVisible(PAGE_LOAD);
  await expect(dialog.getByTestId('gate-code')).not.toBeEmpty();
}

test('the app installs: a valid manifest with its icons, and a service worker in control', async ({
  browser,
  baseURL,
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const body = (await manifest.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(body).toMatchObject({
    name: 'Campus Portal',
    short_name: 'Campus',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(body.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = body.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `a ${purpose} icon of ${size}`).toBeDefined();
      const file = await request.get(icon!.src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const png = await file.body();
      // The PNG's own width and height, in its header.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(size);
    }
  }
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  const { context, page } = await freshPhone(browser, baseURL);
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', body.theme_color);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /\.png$/);
  await controlled(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  // Chromium's own check of the install criteria (what Lighthouse's installability audit read). A
  // test's browser context is an incognito one, which Chromium never installs from: that alone may stay.
  const cdp = await context.newCDPSession(page);
  const installErrors = async () =>
    (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
      .map((e) => e.errorId)
      .filter((id) => id !== 'in-incognito');
  await expect.poll(installErrors, PAGE_LOAD).toEqual([]);
  await context.close();
});

test("a student's approved pass opens with the network cut, QR code and short code", async ({
  browser,
  baseURL,
  request,
}) => {
  const { rollNo } = await studentWithPass(request, `Pocket pass ${unique()}`);
  const { context, page } = await freshPhone(browser, baseURL);
  await signInAs(page, rollNo, /\/student\/home$/, OWN_PASSWORD);
  await controlled(page);
  // Seen once with a signal, through the worker: the pass and its code are kept on the phone.
  await page.goto('/student/gatepass');
  await openPassAtGate(page);
  await expect
    .poll(() => keptAnswers(page), PAGE_LOAD)
    .toContainEqual(expect.stringMatching(/\/credential$/));

  await context.setOffline(true);
  const started = Date.now();
  await page.reload();
  await openPassAtGate(page);
  test
    .info()
    .annotations.push({ type: 'offline pass shown after (ms)', description: String(Date.now() - started) });
  await expect(page.getByRole('status').filter({ hasText: /^Offline — as of / })).toBeVisible();
  await shots(page, 'pass-offline');
  await context.close();
});

test('a teacher marks 60 students offline; on reconnecting each mark is saved once and one made meanwhile is shown, not overwritten', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const admin = await bearer(request, DEMO.admin);
  const now = await termNow(request);
  const u = unique();
  const group = `Pocket ${u}`;
  await createGroup(request, group);
  const students = await createStudents(request, group, 60, 'Pocket Student');
  const teacherId = await createTeacher(request, 'Pocket Teacher');
  const { code, periodId } = await lectureOnNow(request, { u, prefix: 'P', group, teacherId, now });
  const lectureUrl = `/api/lectures/${periodId}/${now.day}`;

  const { context, page } = await freshPhone(browser, baseURL);
  await signInAs(page, teacherId, /\/teacher\/home$/, OWN_PASSWORD);
  await controlled(page);
  await page.goto(`/teacher/lectures/${periodId}/${now.day}`);
  await expect(page.getByRole('button', { name: 'Mark all present' })).toBeVisible(PAGE_LOAD);
  await expect.poll(() => keptAnswers(page), PAGE_LOAD).toContain(lectureUrl);

  // In the lecture hall: no signal. The roster opens from the phone and is marked.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Mark all present' }).click();
  await page.getByRole('button', { name: 'Submit Attendance' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '60 marks waiting to send' }).first(),
  ).toBeVisible();
  await expect(page.locator('#app-state')).toHaveText(/^Offline — as of .+ · 60 marks waiting to send$/);
  await shots(page, 'marks-waiting');
  const roster = async () => {
    const res = await request.get(lectureUrl, { headers: admin });
    expect(res.status()).toBe(200);
    return Object.fromEntries(
      ((await res.json()) as { students: { RollNo: number; status: string | null }[] }).students.map((s) => [
        s.RollNo,
        s.status,
      ]),
    );
  };
  expect(Object.values(await roster()).every((status) => status === null)).toBe(true);

  // Meanwhile an admin, with a signal, marks one of them Absent.
  const [, , marked] = students;
  const meanwhile = await request.post(`${lectureUrl}/marks`, {
    headers: admin,
    data: { records: [{ studentId: marked, status: 'Absent' }] },
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(200);

  // Back in signal: the marks go, and the one made meanwhile is put before the teacher.
  await context.setOffline(false);
  const conflict = page.getByRole('alert').filter({ hasText: 'Marked by someone else meanwhile' });
  await expect(conflict).toBeVisible(PAGE_LOAD);
  await expect(conflict).toContainText(`Pocket Student 3 (${marked}): theirs Absent`);
  await expect(conflict).toContainText('yours Present');
  await conflict.scrollIntoViewIfNeeded();
  await shots(page, 'marks-conflict');
  expect(await roster()).toEqual(
    Object.fromEntries(students.map((s) => [s, s === marked ? 'Absent' : null])),
  );

  await conflict.getByRole('button', { name: 'Keep their marks' }).click();
  await expect(conflict).toBeHidden(PAGE_LOAD);
  await expect
    .poll(roster, PAGE_LOAD)
    .toEqual(Object.fromEntries(students.map((s) => [s, s === marked ? 'Absent' : 'Present'])));
  // Each student's lecture counted once.
  for (const rollNo of [students[0]!, marked!]) {
    const standing = await request.get(`/api/attendance-courses/${rollNo}`, { headers: admin });
    expect(standing.status()).toBe(200);
    const own = ((await standing.json()) as { courses: { course: string; held: number }[] }).courses.find(
      (c) => c.course === code,
    );
    expect(own?.held).toBe(1);
  }
  await expect(page.locator('#app-state .pwa-bar')).toHaveCount(0);
  await context.close();
});

test('a shared phone: after a sign-out and another sign-in, nothing of the first person is served', async ({
  browser,
  baseURL,
  request,
}) => {
  const reason = `Pocket private ${unique()}`;
  const first = await studentWithPass(request, reason);
  const { context, page } = await freshPhone(browser, baseURL);
  await signInAs(page, first.rollNo, /\/student\/home$/, OWN_PASSWORD);
  await controlled(page);
  await page.goto('/student/gatepass?tab=approved');
  await expect(page.getByText(reason)).toBeVisible(PAGE_LOAD);
  await expect.poll(() => keptAnswers(page), PAGE_LOAD).not.toEqual([]);

  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => keptAnswers(page), PAGE_LOAD).toEqual([]);

  await signInAs(page, DEMO.sameGroupStudent, /\/student\/home$/);
  await page.goto('/student/gatepass?tab=approved');
  await expect(page.getByRole('tab', { name: 'Approved Gate Pass' })).toBeVisible(PAGE_LOAD);
  // The first person's screens are not among what the phone keeps, nor shown offline.
  const kept = await keptAnswers(page);
  expect(kept.some((url) => url.includes(first.passId))).toBe(false);
  expect(kept.some((url) => url.includes(String(first.rollNo)))).toBe(false);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Approved Gate Pass' })).toBeVisible(PAGE_LOAD);
  await expect(page.getByText(reason)).toHaveCount(0);
  await context.close();
});

test('the guard desk without a signal: a pass checked on the device, its exit queued and sent once when back', async ({
  request,
}) => {
  const { rollNo, passId } = await studentWithPass(request, `Pocket gate ${unique()}`);
  const student = await bearer(request, rollNo, OWN_PASSWORD);
  const issued = await request.get(`/api/gatepasses/${passId}/credential`, { headers: student });
  expect(issued.status()).toBe(200);
  const video = test.info().outputPath('pass.y4m');
  writeQrVideo(((await issued.json()) as { credential: string }).credential, video);
  const guardId = await createGuard(request, 'Pocket Guard');

  const camera = await browserWithCamera(video);
  try {
    const context = await camera.newContext({
      baseURL: test.info().project.use.baseURL!,
      permissions: ['camera'],
      serviceWorkers: 'allow',
      viewport: PHONE,
    });
    const desk = await context.newPage();
    const exits: string[] = [];
    // Those that reached the server (one tried offline fails before it leaves the device).
    context.on('requestfinished', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/gate/exit') exits.push(r.url());
    });
    await signInAs(desk, guardId, /\/guard\/desk$/, OWN_PASSWORD);
    await controlled(desk);
    // The gate's key, fetched with a signal, is what the desk checks with offline.
    await expect.poll(() => desk.evaluate(() => localStorage.getItem('gate.key')), PAGE_LOAD).not.toBeNull();

    await context.setOffline(true);
    await desk.reload();
    const answer = desk.getByTestId('gate-answer');
    await expect(answer).toContainText('Checked offline on this device', { timeout: 30_000 });
    await desk.getByRole('button', { name: 'Allow exit' }).click();
    await expect(desk.getByText('1 recorded offline, waiting to be sent')).toBeVisible();
    expect(exits).toEqual([]);

    await context.setOffline(false);
    await expect(desk.getByText(/recorded offline, waiting to be sent/)).toHaveCount(0, PAGE_LOAD);
    const pass = await request.get(`/api/gatepass/${passId}`, { headers: student });
    expect(pass.status()).toBe(200);
    expect(((await pass.json()) as { gateState: string }).gateState).toBe('out');
    expect(exits).toHaveLength(1);
    await context.close();
  } finally {
    await camera.close();
  }
});
