import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Student } from '@campus/contract';
import { ADMIN, fill, renderScreen, stubApi } from '../../test/render';
import { AdminStudentsPage } from '../people/pages/admin-students-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LEFT: Student = {
  _id: '0190f3a2-7c41-7d2e-9a3b-1f2e3d4c5b6a',
  RollNo: 240101,
  name: 'Kavya Menon',
  FatherName: null,
  MotherName: null,
  Gender: 'Female',
  Dob: null,
  Category: null,
  phoneNo: null,
  email: 'kavya@campus.test',
  group: 'CSE-A',
  designation: 'student',
  active: false,
};

function renderWith(student: Student, erase: () => { status: number; body: unknown }) {
  const calls = stubApi((call) => {
    if (call.path === '/api/groups') return { status: 200, body: ['CSE-A'] };
    if (call.path === '/api/student') return { status: 200, body: [student] };
    if (call.path.endsWith('/erase')) return erase();
    return { status: 200, body: [] };
  });
  localStorage.setItem('jwtToken', 'tok');
  return { calls, ...renderScreen(<AdminStudentsPage />, ADMIN) };
}

describe('erasing a person’s data', { timeout: 20_000 }, () => {
  it('asks for the User ID typed again before anything is sent', async () => {
    const { calls, user } = renderWith(LEFT, () => ({
      status: 200,
      body: { message: 'Personal data erased', pseudonym: 'Erased student 5b6a00', erased: {} },
    }));
    await user.click(await screen.findByRole('button', { name: 'Manage Kavya Menon (240101)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: /Erase the personal data of Kavya Menon/ });
    const button = within(dialog).getByRole('button', { name: 'Erase personal data' });
    expect(button).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('Type the User ID 240101 to confirm'), '240102');
    expect(button).toBeDisabled();
    await user.click(button);
    expect(calls.some((c) => c.path.endsWith('/erase'))).toBe(false);

    const field = within(dialog).getByLabelText('Type the User ID 240101 to confirm');
    await user.clear(field);
    await fill(user, field, '240101');
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const erase = calls.find((c) => c.path.endsWith('/erase'));
    expect(erase).toMatchObject({
      method: 'POST',
      path: `/api/people/${LEFT._id}/erase`,
      body: { confirmUserId: 240101 },
    });
    expect(await screen.findByText(/they are now Erased student 5b6a00/)).toBeVisible();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { user } = renderWith(LEFT, () => ({
      status: 409,
      body: {
        message: "The campus keeps a person's data 30 days after they leave: erasable from 2030-01-31",
      },
    }));
    await user.click(await screen.findByRole('button', { name: 'Manage Kavya Menon (240101)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText('Type the User ID 240101 to confirm'), '240101');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('erasable from 2030-01-31');
  });

  it('is offered only once the account is deactivated; the download always', async () => {
    const { user } = renderWith({ ...LEFT, active: true }, () => ({ status: 500, body: {} }));
    await user.click(await screen.findByRole('button', { name: 'Manage Kavya Menon (240101)' }));
    expect(await screen.findByRole('menuitem', { name: 'Download data' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });
});
