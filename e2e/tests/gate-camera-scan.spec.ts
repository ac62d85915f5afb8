/**
 * The gate with a real camera: Chromium's fake camera plays a video, made here, of the student's
 * QR code; the guard's desk reads it, allows the exit and then the return, and the student's pass
 * shows Out, then Returned, live.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { join } from 'node:path';
import { formatGateCode } from '@campus/contract';
import { browserWithCamera, writeQrVideo } from '../support/qr-video';
import { DEMO, DEMO_PASSWORD, signInAs } from '../support/session';

async function token(request: APIRequestContext, userId: number, password = DEMO_PASSWORD) {
  const res = await request.post('/api/login', { data: { userId: String(userId), password } });
  expect(res.status(), await res.text()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

test('a guard scans the student’s QR code with the camera: exit, then return, seen live by the student', async ({
  browser,
  request,
}, testInfo) => {
  // The guard: created by the admin, with a password of their own.
  const admin = await token(request, DEMO.admin);
  const guardId = 700000 + Math.floor(Math.random() * 99_999);
  const created = await request.post('/api/guards', {
    headers: admin,
    data: { guardId, name: 'Gate Camera', email: `gate${guardId}@campus.example`, phoneNo: '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { oneTimePassword } = await created.json();
  const guardPassword = 'gate-desk-password';
  const changed = await request.post('/api/change-password', {
    headers: await token(request, guardId, oneTimePassword),
    data: { currentPassword: oneTimePassword, newPassword: guardPassword },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  // The student's pass for today, approved; its credential drawn into the camera's video.
  const reason = `Camera ${Date.now().toString(36)}`;
  const today = new Date().toISOString().slice(0, 10);
  const student = await token(request, DEMO.student);
  const submitted = await request.post('/api/submit-gatepass', {
    headers: student,
    data: { date: today, time: '00:00', reason },
  });
  expect(submitted.status()).toBe(201);
  const passId = (await submitted.json()).gatepass._id as string;
  const approved = await request.put('/api/gatepasses/update-status', {
    headers: await token(request, DEMO.teacher),
    data: { gatepassId: passId, approvedStatus: 'approved' },
  });
  expect(approved.status()).toBe(200);
  // Signed in again: each sign-in through this one request context ends the one before (record 0073).
  const credential = await request.get(`/api/gatepasses/${passId}/credential`, {
    headers: await token(request, DEMO.student),
  });
  expect(credential.status()).toBe(200);
  const video = join(testInfo.outputDir, 'pass.y4m');
  const issued = (await credential.json()) as { credential: string; code: string };
  writeQrVideo(issued.credential, video, 10);

  // The student watches the pass in the Approved tab.
  const studentPage = await (await browser.newContext()).newPage();
  await signInAs(studentPage, DEMO.student, /\/student\/home$/);
  await studentPage.goto('/student/gatepass');
  await studentPage.getByRole('tab', { name: 'Approved Gate Pass', exact: true }).click();
  const card = studentPage.getByRole('tabpanel').getByRole('article').filter({ hasText: reason });
  await expect(card.getByTestId('gate-state')).toHaveText('Ready to use');
  // At the gate: the pass's QR code full-screen, and the short code a guard may type instead.
  await card.getByRole('button', { name: 'Show at the gate' }).click();
  const sheet = studentPage.getByRole('dialog');
  await expect(sheet.getByRole('img', { name: 'QR code of your gate pass' })).toBeVisible();
  await expect(sheet.getByTestId('gate-code')).toHaveText(formatGateCode(issued.code));
  await studentPage.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // The guard's device: a browser whose camera shows the video.
  const camera = await browserWithCamera(video);
  try {
    const context = await camera.newContext({
      baseURL: testInfo.project.use.baseURL!,
      permissions: ['camera'],
    });
    const desk = await context.newPage();
    await desk.goto('/');
    await desk.getByLabel('User ID').fill(String(guardId));
    await desk.getByLabel(/^Password/).fill(guardPassword);
    await desk.getByRole('button', { name: 'Login' }).click();
    await expect(desk).toHaveURL(/\/guard\/desk$/);

    const answer = desk.getByTestId('gate-answer');
    await expect(answer).toContainText('Allow exit', { timeout: 20_000 });
    await expect(answer).toContainText(reason);
    await desk.getByRole('button', { name: 'Allow exit' }).click();
    await expect(answer).toContainText('Exit recorded');
    await expect(card.getByTestId('gate-state')).toHaveText('Out', { timeout: 5000 });

    // Still in front of the camera, the same code now asks for the return.
    await expect(desk.getByRole('button', { name: 'Allow return' })).toBeVisible({ timeout: 20_000 });
    await desk.getByRole('button', { name: 'Allow return' }).click();
    await expect(answer).toContainText('Return recorded');
    await expect(card.getByTestId('gate-state')).toHaveText('Returned', { timeout: 5000 });
  } finally {
    await camera.close();
    await studentPage.context().close();
  }
});
