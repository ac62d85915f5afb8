import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GuardianNotificationSettings } from '@campus/contract';
import { renderScreen, stubApi } from '../../../test/render';
import { GuardianNoticesPage } from './guardian-notices-page';
import { GuardianSettingsPage } from './guardian-settings-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const modes = { movements: 'now', attendance: 'now', leave: 'now', notices: 'digest' } as const;
const SETTINGS: GuardianNotificationSettings = {
  emailEnabled: true,
  address: 'family@test.example',
  children: [
    { rollNo: 230001, name: 'Asha Rao', modes },
    { rollNo: 230002, name: 'Bilal Rao', modes },
  ],
};

describe('guardian notification settings', { timeout: 20_000 }, () => {
  it('shows each child with their choices, and saves one choice for one child', async () => {
    const calls = stubApi((call) =>
      call.method === 'PUT'
        ? {
            status: 200,
            body: {
              message: 'saved',
              settings: {
                ...SETTINGS,
                children: [
                  SETTINGS.children[0],
                  { ...SETTINGS.children[1], modes: { ...modes, movements: 'off' } },
                ],
              },
            },
          }
        : { status: 200, body: SETTINGS },
    );
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<GuardianSettingsPage />);
    const bilal = await screen.findByRole('region', { name: 'Bilal Rao (roll number 230002)' });
    expect(screen.getByRole('region', { name: 'Asha Rao (roll number 230001)' })).toBeInTheDocument();
    const movements = within(bilal).getByRole('radiogroup', {
      name: 'Went out or returned through the gate: Bilal Rao',
    });
    await user.click(within(movements).getByRole('radio', { name: 'Off' }));
    expect(await screen.findByText('Saved: Bilal Rao')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      rollNo: 230002,
      modes: { movements: 'off' },
    });
    expect(within(movements).getByRole('radio', { name: 'Off' })).toBeChecked();
  });
});

describe('guardian notices', { timeout: 20_000 }, () => {
  it('lists the notices meant for guardians, an event with its day', async () => {
    stubApi(() => ({
      status: 200,
      body: [
        {
          _id: 'n1',
          type: 'eventNotice',
          title: 'Parents evening',
          description: 'Meet the mentors.',
          from: 'Campus office',
          contactEmail: 'office@campus.test',
          eventDate: '2031-02-03',
          eventTime: '17:00',
          startsAt: '2031-01-20T09:00:00.000Z',
          pinned: true,
        },
      ],
    }));
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<GuardianNoticesPage />);
    const card = await screen.findByRole('article', { name: 'Parents evening' });
    expect(card).toHaveTextContent('Pinned');
    expect(card).toHaveTextContent('Meet the mentors.');
    expect(card).toHaveTextContent('From Campus office');
  });

  it('says when there are none yet', async () => {
    stubApi(() => ({ status: 200, body: [] }));
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<GuardianNoticesPage />);
    expect(await screen.findByText('No notices for guardians yet')).toBeInTheDocument();
  });
});
