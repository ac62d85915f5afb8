/**
 * "Notifications on this device": the switch asks the browser's permission, subscribes through the
 * service worker with the campus's key and gives the server the subscription; per-kind switches
 * change this device only; off removes it from the server and lets the browser's subscription go.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PushDevice } from '@campus/contract';
import {
  fakeSubscription,
  PUSH_KEY,
  pushDevice,
  pushRoutes,
  fakeBrowserPush,
} from '../../../test/browser-push';
import { ADMIN, renderScreen, stubApi } from '../../../test/render';
import { PUSH_BLOCKED, releasePushAtSignOut } from '../device';
import { PushSettings } from './push-settings';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-phone';
const { browser, pushManager, requestPermission } = fakeBrowserPush(ENDPOINT);

/** A fake server that keeps the devices as the real one does. */
function server(devices: PushDevice[] = []) {
  const push = pushRoutes(ENDPOINT, { kinds: ['supportMessages'], devices });
  return stubApi((call) => push(call) ?? { status: 404, body: { message: 'no' } });
}

describe('notifications on this device', () => {
  it('turns on: permission asked, subscribed with the campus key, the server told; then per kind and off', async () => {
    const calls = server();
    const { user } = renderScreen(<PushSettings />, ADMIN);
    const main = await screen.findByRole('switch', { name: 'Notify me on this device' });
    await waitFor(() => expect(main).toBeEnabled());
    expect(main).not.toBeChecked();
    await user.click(main);
    await waitFor(() => expect(main).toBeChecked());
    expect(requestPermission).toHaveBeenCalled();
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(PUSH_KEY);
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(posted.body).toMatchObject({ endpoint: ENDPOINT, keys: { auth: 'a'.repeat(22) } });

    const kind = await screen.findByRole('switch', { name: 'Support messages' });
    expect(kind).toBeChecked();
    await user.click(kind);
    await waitFor(() => expect(kind).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ kinds: { supportMessages: false } });

    const subscription = browser.current!;
    await user.click(main);
    await waitFor(() => expect(main).not.toBeChecked());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('says how to allow notifications when the browser blocks them, and sends nothing', async () => {
    browser.permission = 'denied';
    const calls = server();
    const { user } = renderScreen(<PushSettings />, ADMIN);
    const main = await screen.findByRole('switch', { name: 'Notify me on this device' });
    await waitFor(() => expect(main).toBeEnabled());
    await user.click(main);
    expect((await screen.findAllByText(PUSH_BLOCKED)).length).toBeGreaterThan(0);
    expect(main).not.toBeChecked();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('at sign-out: the server forgets this browser and its subscription is let go', async () => {
    const subscription = fakeSubscription(ENDPOINT);
    browser.current = subscription;
    const calls = server([pushDevice(ENDPOINT)]);
    await releasePushAtSignOut();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/api/push/subscriptions',
        body: { endpoint: ENDPOINT },
      }),
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
