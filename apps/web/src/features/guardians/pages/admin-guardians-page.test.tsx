import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Guardian } from '@campus/contract';
import { ADMIN, fill, renderScreen, stubApi } from '../../../test/render';
import { AdminGuardiansPage } from './admin-guardians-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const MEENA: Guardian = {
  guardianId: 800002,
  name: 'Meena Rao',
  email: 'meena@family.test',
  phoneNo: null,
  active: true,
  children: [{ rollNo: 230001, name: 'Asha Rao', relation: 'Mother' }],
};

describe('admin Guardians', { timeout: 20_000 }, () => {
  it('creates a guardian and shows the one-time password once', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/guardians' && call.method === 'GET') return { status: 200, body: [] };
      if (call.path === '/api/guardians' && call.method === 'POST')
        return {
          status: 201,
          body: {
            message: 'Guardian created',
            guardian: { ...MEENA, children: [] },
            oneTimePassword: 'Kite-Lamp-42',
          },
        };
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGuardiansPage />, ADMIN);
    expect(await screen.findByText('No guardians')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Meena Rao');
    await fill(user, screen.getByRole('textbox', { name: /^Email/ }), 'meena@family.test');
    await user.click(screen.getByRole('button', { name: 'Create guardian' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(within(dialog).getByRole('textbox', { name: 'One-time password' })).toHaveValue('Kite-Lamp-42');
    expect(dialog).toHaveTextContent('Meena Rao (800002)');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Meena Rao',
      email: 'meena@family.test',
      phoneNo: null,
    });
  });

  it('says what is wrong with the form before sending it', async () => {
    const calls = stubApi(() => ({ status: 200, body: [] }));
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGuardiansPage />, ADMIN);
    await fill(user, await screen.findByRole('textbox', { name: /^Email/ }), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Create guardian' }));
    expect(await screen.findByText(/^Name /)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('links a student by roll number with a relation, and says when no such student exists', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/guardians') return { status: 200, body: [MEENA] };
      if (call.path === '/api/guardians/800002/students/999999')
        return { status: 404, body: { message: 'No student has roll number 999999' } };
      if (call.path === '/api/guardians/800002/students/230002')
        return { status: 200, body: { message: 'Linked to student 230002', guardian: MEENA } };
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGuardiansPage />, ADMIN);
    const row = await screen.findByRole('row', { name: /Meena Rao/ });
    expect(row).toHaveTextContent('Asha Rao (230001), Mother');
    await user.click(within(row).getByRole('button', { name: 'Link Meena Rao to a student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Meena Rao to a student' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Roll number/ }), '999999');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Relation/ }), 'Mother');
    await user.click(within(dialog).getByRole('button', { name: 'Link student' }));
    expect(await within(dialog).findByText('No student has roll number 999999')).toBeInTheDocument();
    const roll = within(dialog).getByRole('textbox', { name: /^Roll number/ });
    await user.clear(roll);
    await fill(user, roll, '230002');
    await user.click(within(dialog).getByRole('button', { name: 'Link student' }));
    expect(await screen.findByText('Meena Rao: Linked to student 230002.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/230002'))).toMatchObject({
      method: 'PUT',
      body: { relation: 'Mother' },
    });
  });

  it('unlinks a child and resets the password, showing the new one-time password', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/guardians') return { status: 200, body: [MEENA] };
      if (call.method === 'DELETE') return { status: 200, body: { message: 'Unlinked from student 230001' } };
      if (call.path === '/api/guardians/800002/reset-password')
        return { status: 200, body: { message: 'set', oneTimePassword: 'Moon-Tree-7' } };
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGuardiansPage />, ADMIN);
    const row = await screen.findByRole('row', { name: /Meena Rao/ });
    await user.click(within(row).getByRole('button', { name: 'Unlink Asha Rao from Meena Rao' }));
    expect(await screen.findByText('Asha Rao was unlinked from Meena Rao (800002).')).toBeInTheDocument();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === '/api/guardians/800002/students/230001'),
    ).toBe(true);
    await user.click(within(row).getByRole('button', { name: 'Reset the password of Meena Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(within(dialog).getByRole('textbox', { name: 'One-time password' })).toHaveValue('Moon-Tree-7');
  });

  it('searches on the server', async () => {
    const calls = stubApi(() => ({ status: 200, body: [MEENA] }));
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGuardiansPage />, ADMIN);
    await fill(user, await screen.findByRole('searchbox', { name: 'Search guardians' }), 'meena');
    await vi.waitFor(() => expect(calls.some((c) => c.search.get('search') === 'meena')).toBe(true));
    expect(calls.every((c) => c.search.get('limit') === '21')).toBe(true);
  });
});
