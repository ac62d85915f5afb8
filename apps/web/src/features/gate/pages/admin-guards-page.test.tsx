import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Guard } from '@campus/contract';
import { ADMIN, fill, renderScreen, stubApi } from '../../../test/render';
import { AdminGuardsPage } from './admin-guards-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const RAMESH: Guard = {
  guardId: 800001,
  name: 'Ramesh Yadav',
  email: 'ramesh@campus.test',
  phoneNo: null,
  status: 'active',
};

function setup() {
  const calls = stubApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/guards') return { status: 200, body: [RAMESH] };
    if (method === 'POST' && path === '/api/guards') {
      const { guardId, name, email } = body as { guardId: string; name: string; email: string };
      if (guardId === '800001') {
        return { status: 409, body: { message: 'User ID 800001 is already used by guard Ramesh Yadav' } };
      }
      return {
        status: 201,
        body: {
          message: 'Guard created',
          guard: { guardId: Number(guardId), name, email, phoneNo: null, status: 'active' },
          oneTimePassword: 'otp-4821',
        },
      };
    }
    if (method === 'PUT' && path === '/api/guards/800001/active') return { status: 503, body: {} };
    return { status: 404, body: { message: 'not found' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  return { calls, ...renderScreen(<AdminGuardsPage />, ADMIN) };
}

describe('Manage Guards', { timeout: 20_000 }, () => {
  it('says each problem on its field, a Guard ID in use too, then shows the one-time password once', async () => {
    const { user, calls } = setup();
    await screen.findByRole('rowheader', { name: 'Ramesh Yadav' });
    const form = screen.getByRole('form', { name: 'New guard' });
    const guardId = within(form).getByRole('textbox', { name: /Guard ID/ });
    await user.click(within(form).getByRole('button', { name: 'Create guard' }));
    expect(guardId).toBeInvalid();
    expect(guardId).toHaveAccessibleDescription('Guard ID is required');
    expect(within(form).getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      'Email is required',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await fill(user, guardId, '800001');
    await fill(user, within(form).getByRole('textbox', { name: /^Name/ }), 'Suresh Kumar');
    await fill(user, within(form).getByRole('textbox', { name: /^Email/ }), 'suresh@campus.test');
    await user.click(within(form).getByRole('button', { name: 'Create guard' }));
    await vi.waitFor(() => expect(guardId).toBeInvalid());
    expect(guardId).toHaveAccessibleDescription('User ID 800001 is already used by guard Ramesh Yadav');

    await user.clear(guardId);
    await fill(user, guardId, '800002');
    await user.click(within(form).getByRole('button', { name: 'Create guard' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(within(dialog).getByRole('textbox', { name: 'One-time password' })).toHaveValue('otp-4821');
    expect(screen.getByRole('status')).toHaveTextContent('Suresh Kumar (800002) was added as a guard.');
    expect(guardId).toHaveValue('');
  });

  it('says in a toast whom a deactivation failed for, and what to do', async () => {
    const { user } = setup();
    const row = (await screen.findByRole('rowheader', { name: 'Ramesh Yadav' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not deactivate Ramesh Yadav (800001)');
    expect(toast).toHaveTextContent('The server had a problem. Try again in a moment.');
  });
});
