/**
 * "Notifications on this device": the switch asks the browser's permission, subscribes through the
 * service worker with the campus's key and gives the server the subscription; per-kind switches
 * change this device only; off removes it from the server and lets the browser's subscription go.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice, PushDevices } from '@campus/contract';
import { ADMIN, renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { PUSH_BLOCKED, releasePushAtSignOut } from '../device';
import { PushSettings } from './push-settings';

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-phone';

function fakeSubscription(endpoint = ENDPOINT) {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(Buffer.from(KEY, 'base64url')).buffer },
    unsubscribe: vi.fn(() => Promise.resolve(true)),
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
  };
}

let current: ReturnType<typeof fakeSubscription> | null;
const pushManager = {
  getSubscription: vi.fn(() => Promise.resolve(current)),
  subscribe: vi.fn((options: PushSubscriptionOptionsInit) => {
    expect(options.userVisibleOnly).toBe(true);
    current = fakeSubscription();
    return Promise.resolve(current);
  }),
};
let permission: NotificationPermission;
const requestPermission = vi.fn(() => Promise.resolve(permission));

beforeEach(() => {
  current = null;
  permission = 'granted';
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return current ? 'granted' : 'default';
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const device = (kindsOff: string[] = []): PushDevice => ({
  _id: 'd1',
  label: 'Chrome on Android',
  endpoint: ENDPOINT,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastPushedAt: null,
  kinds: {
    gatePassDecided: true,
    queryAnswered: true,
    notices: true,
    menteeRequests: true,
    attendanceRisk: true,
    supportMessages: !kindsOff.includes('supportMessages'),
  },
});

/** A fake server that keeps the devices as the real one does. */
function server(initial: PushDevice[] = []) {
  let devices = initial;
  return stubApi((call: ApiCall) => {
    const list = (): PushDevices => ({ kinds: ['supportMessages'], devices });
    if (call.path === '/api/push/key') return { status: 200, body: { publicKey: KEY } };
    if (call.path === '/api/push/subscriptions' && call.method === 'GET')
      return { status: 200, body: list() };
    if (call.path === '/api/push/subscriptions' && call.method === 'POST') {
      devices = [device()];
      return { status: 201, body: devices[0] };
    }
    if (call.path === '/api/push/subscriptions' && call.method === 'DELETE') {
      devices = [];
      return { status: 200, body: { message: 'gone' } };
    }
    if (call.path === '/api/push/subscriptions/d1' && call.method === 'PUT') {
      const on = (call.body as { kinds: { supportMessages: boolean } }).kinds.supportMessages;
      devices = [device(on ? [] : ['supportMessages'])];
      return { status: 200, body: devices[0] };
    }
    return { status: 404, body: { message: 'no' } };
  });
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
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(KEY);
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(posted.body).toMatchObject({ endpoint: ENDPOINT, keys: { auth: 'a'.repeat(22) } });

    const kind = await screen.findByRole('switch', { name: 'Support messages' });
    expect(kind).toBeChecked();
    await user.click(kind);
    await waitFor(() => expect(kind).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ kinds: { supportMessages: false } });

    const subscription = current!;
    await user.click(main);
    await waitFor(() => expect(main).not.toBeChecked());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('says how to allow notifications when the browser blocks them, and sends nothing', async () => {
    permission = 'denied';
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
    current = fakeSubscription();
    const subscription = current;
    const calls = server([device()]);
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
