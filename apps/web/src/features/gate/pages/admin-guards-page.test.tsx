import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Guard } from '@campus/contract';
import { ADMIN, fill, renderScreen, stubApi } from '../../../test/render';
import { AdminGuardsPage } from './admin-guards-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const RAMESH: Guard = {
  _id: 'acc-ramesh',
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
          guard: { _id: 'acc-new', guardId: Number(guardId), name, email, phoneNo: null, status: 'active' },
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

describe("A guard's data", { timeout: 20_000 }, () => {
  it('is downloaded from the Data menu; erasure is offered once the guard is deactivated', async () => {
    const inactive: Guard = {
      ...RAMESH,
      _id: 'acc-suresh',
      guardId: 800002,
      name: 'Suresh Kumar',
      status: 'inactive',
    };
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/guards') return { status: 200, body: [RAMESH, inactive] };
      if (method === 'GET' && path === '/api/people/acc-ramesh/export') {
        return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="data-800001.zip"',
          },
        });
      }
      return { status: 404, body: { message: 'not found' } };
    });
    URL.createObjectURL = vi.fn(() => 'blob:archive');
    URL.revokeObjectURL = vi.fn();
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGuardsPage />, ADMIN);

    await user.click(await screen.findByRole('button', { name: 'Data of Ramesh Yadav (800001)' }));
    expect(screen.queryByRole('menuitem', { name: 'Erase personal data' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Download data' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The data of Ramesh Yadav was saved as data-800001.zip.',
    );
    expect(calls.map((c) => c.path)).toContain('/api/people/acc-ramesh/export');

    await user.click(screen.getByRole('button', { name: 'Data of Suresh Kumar (800002)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Erase personal data' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Suresh Kumar');
  });
});
