/**
 * Push on a guardian's settings page (decision record 0088): the device switch asks the browser's
 * permission, subscribes and tells the server; with no per-kind switches, since the choices above
 * (at once, digest, off) say what is pushed. Off lets this browser go.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Decoded, GuardianNotificationSettings } from '@campus/contract';
import { pushRoutes, fakeBrowserPush } from '../../../test/browser-push';
import { renderScreen, stubApi } from '../../../test/render';
import { GuardianSettingsPage } from './guardian-settings-page';

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

const { browser, requestPermission } = fakeBrowserPush(ENDPOINT);

/** The server as it answers a guardian: their settings, and devices with no kinds of their own. */
function server() {
  const push = pushRoutes(ENDPOINT, { kinds: [] });
  return stubApi((call) => {
    if (call.path === '/api/guardian/notification-settings') return { status: 200, body: SETTINGS };
    return push(call) ?? { status: 404, body: { message: 'no' } };
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

    const subscription = browser.current!;
    await user.click(main);
    await waitFor(() => expect(main).not.toBeChecked());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
