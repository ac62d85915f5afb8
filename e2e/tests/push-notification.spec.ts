/**
 * Web Push in Chromium (decision record 0088): the service worker shows a notification, with the
 * app's icon, for a message pushed to it (delivered through the DevTools protocol, as a push
 * service would, so no internet is needed); and the profile's "Notifications on this device" turns
 * push on and off, per kind, at 1280 px and on a 360 px phone.
 *
 * Chromium reaches its push service (Firebase Cloud Messaging) over the internet to subscribe, so
 * the profile test gives the page a stand-in subscription: the browser's side of subscribing is
 * replaced, the server's (validating and keeping it, per kind) is the real one.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { bearer } from '../support/accounts';
import { PAGE_LOAD } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const SHOTS = process.env.SHOTS_DIR;

async function freshContext(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport, baseURL });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  return { context, page: await context.newPage() };
}

/** Waits until the app's service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, PAGE_LOAD);
}

test('the service worker shows a notification for a pushed message', async ({ browser, baseURL }) => {
  const { context, page } = await freshContext(browser, baseURL!, { width: 1280, height: 800 });
  try {
    await signInAs(page, DEMO.student, /\/student\/home$/);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${baseURL}/`)).toBeTruthy();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId: registrations.get(`${baseURL}/`)!,
      data: JSON.stringify({
        title: 'Your gate pass was decided',
        url: '/student/gatepass',
        tag: 'gatepass.decided /student/gatepass',
      }),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          tag: n.tag,
          icon: new URL(n.icon, location.href).pathname,
          body: n.body,
          url: (n.data as { url: string }).url,
        })),
      );
    await expect.poll(shown).toEqual([
      {
        title: 'Your gate pass was decided',
        tag: 'gatepass.decided /student/gatepass',
        icon: '/icon-192.png',
        body: '',
        url: '/student/gatepass',
      },
    ]);
  } finally {
    await context.close();
  }
});

/** A stand-in for the browser's side of subscribing: FCM is not reachable without the internet. */
function fakePushManager(page: Page, id: string) {
  return page.addInitScript((endpointId: string) => {
    let current: object | null = null;
    const b64 = (length: number, fill: string) => fill.repeat(length);
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = options!.applicationServerKey as Uint8Array;
      const endpoint = `https://fcm.googleapis.com/fcm/send/${endpointId}`;
      current = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
        getKey: () => null,
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
        toJSON: () => ({
          endpoint,
          expirationTime: null,
          keys: { p256dh: `B${b64(86, 'A')}`, auth: b64(22, 'Q') },
        }),
      };
      return Promise.resolve(current as PushSubscription);
    };
    PushManager.prototype.getSubscription = () => Promise.resolve(current as PushSubscription | null);
  }, id);
}

for (const viewport of [
  { name: '1280', width: 1280, height: 900 },
  { name: '360', width: 360, height: 740 },
]) {
  test(`a student turns notifications on for this device, per kind, and off (${viewport.name} px)`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await freshContext(browser, baseURL!, viewport);
    try {
      await fakePushManager(page, `e2e-${viewport.name}-${Date.now()}`);
      await signInAs(page, DEMO.sameGroupStudent, /\/student\/home$/);
      await controlled(page);
      await page.goto('/student/profile');
      const card = page.getByRole('region', { name: 'Notifications on this device' });
      const main = card.getByRole('switch', { name: 'Notify me on this device' });
      await expect(main).toBeEnabled();
      await expect(main).not.toBeChecked();
      await main.click({ force: true });
      await expect(main).toBeChecked();
      const notices = card.getByRole('switch', { name: 'Notices for me' });
      await expect(notices).toBeChecked();
      await notices.click({ force: true });
      await expect(notices).not.toBeChecked();
      await expect(
        page.getByRole('status').filter({ hasText: 'will not be shown on this device' }),
      ).toBeVisible();
      const box = await card.getByText('Notices for me').boundingBox();
      if (viewport.width < 768) expect(box!.height).toBeGreaterThanOrEqual(44);
      await card.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      if (SHOTS) await card.screenshot({ path: `${SHOTS}/push-settings-${viewport.name}.png` });
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/push-profile-${viewport.name}.png`, fullPage: true });

      // Off: the server forgets this browser; the kinds go with it.
      await main.click({ force: true });
      await expect(main).not.toBeChecked();
      await expect(notices).toHaveCount(0);
      await page.reload();
      await expect(main).not.toBeChecked();
    } finally {
      await context.close();
    }
  });
}

test('signing out takes this device off the account', async ({ browser, baseURL, request }) => {
  const { context, page } = await freshContext(browser, baseURL!, { width: 1280, height: 900 });
  try {
    await fakePushManager(page, `e2e-sign-out-${Date.now()}`);
    await signInAs(page, DEMO.otherGroupStudent, /\/student\/home$/);
    await controlled(page);
    await page.goto('/student/profile');
    const main = page.getByRole('switch', { name: 'Notify me on this device' });
    await expect(main).toBeEnabled();
    await main.click({ force: true });
    await expect(main).toBeChecked();
    const devices = async () => {
      const res = await request.get('/api/push/subscriptions', {
        headers: await bearer(request, DEMO.otherGroupStudent),
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { devices: { endpoint: string }[] }).devices.filter((d) =>
        d.endpoint.includes('e2e-sign-out-'),
      );
    };
    expect(await devices()).toHaveLength(1);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await devices()).toHaveLength(0);
  } finally {
    await context.close();
  }
});
