/**
 * Web Push for screen tests: the browser's side (permission, the service worker's push manager and
 * its subscription) faked per test, and the server's push routes, which keep devices as the real
 * one does.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { PushDevice, PushDevices } from '@campus/contract';
import type { ApiCall, Reply } from './render';

/** The campus's public key, as `/api/push/key` gives it. */
export const PUSH_KEY = `B${'A'.repeat(86)}`;

/** A subscription of this browser to `endpoint`, as the push manager gives it. */
export function fakeSubscription(endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(Buffer.from(PUSH_KEY, 'base64url')).buffer },
    unsubscribe: vi.fn(() => Promise.resolve(true)),
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
  };
}
export type FakeSubscription = ReturnType<typeof fakeSubscription>;

/**
 * A browser that can push, set up before each test of the file and removed after it: not yet
 * subscribed, and answering the permission asked with `browser.permission` ('granted' unless a test
 * says otherwise); subscribing gives a subscription to `endpoint`.
 */
export function fakeBrowserPush(endpoint: string) {
  const browser = {
    current: null as FakeSubscription | null,
    permission: 'granted' as NotificationPermission,
  };
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(browser.current)),
    subscribe: vi.fn<(options: PushSubscriptionOptionsInit) => Promise<FakeSubscription>>(() => {
      browser.current = fakeSubscription(endpoint);
      return Promise.resolve(browser.current);
    }),
  };
  const requestPermission = vi.fn(() => Promise.resolve(browser.permission));

  beforeEach(() => {
    browser.current = null;
    browser.permission = 'granted';
    const registration = { pushManager };
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', {
      get permission() {
        return browser.current ? 'granted' : 'default';
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

  return { browser, pushManager, requestPermission };
}

/** A device the server keeps for `endpoint`: every kind on but those in `kindsOff`. */
export const pushDevice = (endpoint: string, kindsOff: readonly string[] = []): PushDevice => ({
  _id: 'd1',
  label: 'Chrome on Android',
  endpoint,
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

/**
 * The server's push routes for one device at `endpoint`, listing `kinds` as the reader's own: the key,
 * the devices, subscribing, letting go, and a device's support-message switch. Undefined for any
 * other call, for the test's own handler to answer.
 */
export function pushRoutes(
  endpoint: string,
  { kinds, devices: initial = [] }: { kinds: PushDevices['kinds']; devices?: PushDevice[] },
) {
  let devices = initial;
  return (call: ApiCall): Reply | undefined => {
    if (call.path === '/api/push/key') return { status: 200, body: { publicKey: PUSH_KEY } };
    if (call.path === '/api/push/subscriptions' && call.method === 'GET')
      return { status: 200, body: { kinds, devices } satisfies PushDevices };
    if (call.path === '/api/push/subscriptions' && call.method === 'POST') {
      devices = [pushDevice(endpoint)];
      return { status: 201, body: devices[0] };
    }
    if (call.path === '/api/push/subscriptions' && call.method === 'DELETE') {
      devices = [];
      return { status: 200, body: { message: 'gone' } };
    }
    if (call.path === '/api/push/subscriptions/d1' && call.method === 'PUT') {
      const on = (call.body as { kinds: { supportMessages: boolean } }).kinds.supportMessages;
      devices = [pushDevice(endpoint, on ? [] : ['supportMessages'])];
      return { status: 200, body: devices[0] };
    }
    return undefined;
  };
}
