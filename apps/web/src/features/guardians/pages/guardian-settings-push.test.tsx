/**
 * Push on a guardian's settings page (decision record 0088): the device switch asks the browser's
 * permission, subscribes and tells the server; with no per-kind switches, since the choices above
 * (at once, digest, off) say what is pushed. Off lets this browser go.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Decoded, GuardianNotificationSettings, PushDevice } from '@campus/contract';
import { renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { GuardianSettingsPage } from './guardian-settings-page';

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/family-phone';
const GUARDIAN: Decoded = {
  role: 'guardian',
  name: 'Kavita Rao',
  email: 'family@test.example',
  exp: 4_102_444_800,
};

const SETTINGS: GuardianNotificationSettings = {
  emailEnabled: true,
  address: 'family@test.example',
  children: [
    {
      rollNo: 230001,
      name: 'Asha Rao',
      modes: { movements: 'now', attendance: 'now', leave: 'now', notices: 'digest' },
    },
  ],
};

function fakeSubscription() {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: new Uint8Array(Buffer.from(KEY, 'base64url')).buffer },
    unsubscribe: vi.fn(() => Promise.resolve(true)),
    toJSON: () => ({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
  };
}

let current: ReturnType<typeof fakeSubscription> | null;
const requestPermission = vi.fn(() => Promise.resolve('granted' as NotificationPermission));

beforeEach(() => {
  current = null;
  const registration = {
    pushManager: {
      getSubscription: vi.fn(() => Promise.resolve(current)),
      subscribe: vi.fn(() => {
        current = fakeSubscription();
        return Promise.resolve(current);
      }),
    },
  };
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

const device: PushDevice = {
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
    supportMessages: true,
  },
};

/** The server as it answers a guardian: their settings, and devices with no kinds of their own. */
function server() {
  let devices: PushDevice[] = [];
  return stubApi((call: ApiCall) => {
    if (call.path === '/api/guardian/notification-settings') return { status: 200, body: SETTINGS };
    if (call.path === '/api/push/key') return { status: 200, body: { publicKey: KEY } };
    if (call.path === '/api/push/subscriptions' && call.method === 'GET')
      return { status: 200, body: { kinds: [], devices } };
    if (call.path === '/api/push/subscriptions' && call.method === 'POST') {
      devices = [device];
      return { status: 201, body: device };
    }
    if (call.path === '/api/push/subscriptions' && call.method === 'DELETE') {
      devices = [];
      return { status: 200, body: { message: 'gone' } };
    }
    return { status: 404, body: { message: 'no' } };
  });
}

describe("push on a guardian's settings page", { timeout: 20_000 }, () => {
  it('turns push on for this device and off again, saying what is pushed', async () => {
    const calls = server();
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<GuardianSettingsPage />, GUARDIAN);
    expect(
      await screen.findByText(/What you choose “At once” is also shown on this device/),
    ).toBeInTheDocument();
    const main = await screen.findByRole('switch', { name: 'Notify me on this device' });
    await waitFor(() => expect(main).toBeEnabled());
    expect(main).not.toBeChecked();

    await user.click(main);
    await waitFor(() => expect(main).toBeChecked());
    expect(requestPermission).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ endpoint: ENDPOINT });
    // The kinds are the choices per child above, not switches per device.
    expect(screen.getAllByRole('switch')).toHaveLength(1);

    const subscription = current!;
    await user.click(main);
    await waitFor(() => expect(main).not.toBeChecked());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
