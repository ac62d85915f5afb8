import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Student, Teacher } from '@campus/contract';
import { ADMIN, fill, renderScreen, stubApi } from '../../../test/render';
import { AdminStudentsPage } from './admin-students-page';
import { AdminTeachersPage } from './admin-teachers-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const KAVYA: Student = {
  _id: 's9',
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
  active: true,
};

const IRFAN: Teacher = {
  _id: 't9',
  name: 'Dr. Irfan Qureshi',
  teacherId: 500777,
  Gender: 'Male',
  Dob: null,
  phoneNo: null,
  email: 'irfan@campus.test',
  designation: 'teacher',
  groups: [],
  active: true,
};

describe('adding a student', { timeout: 20_000 }, () => {
  it('checks the form with the contract schema, naming each field, before anything is sent', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-A', 'CSE-B'] };
      return { status: 200, body: [] };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminStudentsPage />, ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    const form = await screen.findByRole('form', { name: 'Add student' });
    await fill(user, within(form).getByLabelText(/^Roll No \(User ID\)/), '12ab');
    await fill(user, within(form).getByLabelText(/^Email/), 'not an email');
    await fill(user, within(form).getByLabelText(/^Phone/), '12');
    await user.click(within(form).getByRole('button', { name: 'Add student' }));

    expect(
      await within(form).findByText('Roll No (User ID) must be a number of 1 to 9 digits'),
    ).toBeVisible();
    expect(within(form).getByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Email must be an email address')).toBeVisible();
    expect(within(form).getByText(/^Phone must be a phone number/)).toBeVisible();
    expect(within(form).getByText('Group is required')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the student and shows the one-time password once, then never again', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-A', 'CSE-B'] };
      if (call.path === '/api/students' && call.method === 'POST') {
        return {
          status: 201,
          body: { message: 'Student created', student: KAVYA, oneTimePassword: 'Xk7mP2qRt9Hw3' },
        };
      }
      return { status: 200, body: [] };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminStudentsPage />, ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    const form = await screen.findByRole('form', { name: 'Add student' });
    await fill(user, within(form).getByLabelText(/^Roll No \(User ID\)/), '240101');
    await fill(user, within(form).getByLabelText(/^Name/), '  Kavya Menon ');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'Female');
    await fill(user, within(form).getByLabelText(/^Email/), 'kavya@campus.test');
    await user.selectOptions(within(form).getByLabelText(/^Group/), 'CSE-A');
    await user.click(within(form).getByRole('button', { name: 'Add student' }));

    const dialog = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(within(dialog).getByLabelText('One-time password')).toHaveValue('Xk7mP2qRt9Hw3');
    expect(within(dialog).getByText(/Give this one-time password to Kavya Menon \(240101\)/)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
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
      guardianName: null,
      guardianEmail: null,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Xk7mP2qRt9Hw3')).toBeNull();
    expect(screen.queryByDisplayValue('Xk7mP2qRt9Hw3')).toBeNull();
    expect(screen.getByText('Kavya Menon (240101) was added.')).toBeVisible();
  });

  it('says on the User ID field that somebody already has it, and focuses that field first', async () => {
    stubApi((call) => {
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-A'] };
      if (call.method === 'POST') {
        return { status: 409, body: { message: 'User ID 240101 is already used by teacher Leela Nair' } };
      }
      return { status: 200, body: [] };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminStudentsPage />, ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Add student' }));
    const form = await screen.findByRole('form', { name: 'Add student' });
    const userId = within(form).getByLabelText(/^Roll No/);
    await waitFor(() => expect(userId).toHaveFocus());
    await fill(user, userId, '240101');
    await fill(user, within(form).getByLabelText(/^Name/), 'Kavya Menon');
    await fill(user, within(form).getByLabelText(/^Email/), 'kavya@campus.test');
    await user.selectOptions(within(form).getByLabelText(/^Group/), 'CSE-A');
    await user.click(within(form).getByRole('button', { name: 'Add student' }));
    await waitFor(() => expect(userId).toBeInvalid());
    expect(userId).toHaveAccessibleDescription(
      expect.stringContaining('User ID 240101 is already used by teacher Leela Nair'),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

describe('managing a listed student', { timeout: 20_000 }, () => {
  it('edits the details without the roll number, and says what changed', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-A', 'CSE-B'] };
      if (call.path === '/api/student') return { status: 200, body: [KAVYA] };
      if (call.method === 'PUT') {
        return {
          status: 200,
          body: {
            message: 'Student saved',
            student: { ...KAVYA, group: 'CSE-B' },
            changes: [{ field: 'group', from: 'CSE-A', to: 'CSE-B' }],
          },
        };
      }
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminStudentsPage />, ADMIN);
    const row = await screen.findByRole('row', { name: /Kavya Menon/ });
    expect(within(row).getByText('Active')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Manage Kavya Menon (240101)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit details' }));
    const form = await screen.findByRole('form', { name: 'Edit student' });
    expect(within(form).queryByLabelText(/Roll No/)).toBeNull();
    await user.selectOptions(within(form).getByLabelText(/^Group/), 'CSE-B');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Kavya Menon (240101) saved: group CSE-A → CSE-B.')).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/students/240101');
    expect(put?.body).toMatchObject({ name: 'Kavya Menon', group: 'CSE-B', email: 'kavya@campus.test' });
    expect(put?.body).not.toHaveProperty('RollNo');
  });

  it('deactivates after a confirmation, and lists by status', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/groups') return { status: 200, body: ['CSE-A'] };
      if (call.path === '/api/student') return { status: 200, body: [KAVYA] };
      if (call.path === '/api/students/240101/active') {
        return {
          status: 200,
          body: { message: 'Account deactivated', student: { ...KAVYA, active: false } },
        };
      }
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminStudentsPage />, ADMIN);
    const row = await screen.findByRole('row', { name: /Kavya Menon/ });
    await user.click(within(row).getByRole('button', { name: 'Manage Kavya Menon (240101)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Kavya Menon (240101)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Kavya Menon (240101) was deactivated.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ active: false });

    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/api/student' && c.search.get('status') === 'inactive')).toBe(
        true,
      ),
    );
  });
});

describe('Manage Teachers', { timeout: 20_000 }, () => {
  it("resets a teacher's password and shows the one-time password once", async () => {
    stubApi((call) => {
      if (call.path === '/api/teachers') return { status: 200, body: [{ ...IRFAN, active: false }] };
      if (call.path === '/api/teachers/500777/reset-password') {
        return { status: 200, body: { message: 'Password reset', oneTimePassword: 'Jk3mN8pQr2St5' } };
      }
      return { status: 200, body: [] };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminTeachersPage />, ADMIN);
    const row = await screen.findByRole('row', { name: /Irfan Qureshi/ });
    expect(within(row).getByText('Inactive')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Manage Dr. Irfan Qureshi (500777)' }));
    expect(await screen.findByRole('menuitem', { name: 'Reactivate' })).toBeVisible();
    await user.click(screen.getByRole('menuitem', { name: 'Reset password' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Reset the password of Dr. Irfan Qureshi (500777)?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(within(dialog).getByLabelText('One-time password')).toHaveValue('Jk3mN8pQr2St5');
  });
});
