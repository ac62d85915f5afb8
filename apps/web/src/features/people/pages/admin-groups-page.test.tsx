import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupSummary, Student } from '@campus/contract';
import { ADMIN, fill, renderScreen, stubApi } from '../../../test/render';
import { AdminGroupsPage } from './admin-groups-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GROUPS: GroupSummary[] = [
  { name: 'CSE-A', students: 1, mentors: [{ teacherId: 500001, name: 'Dr. Anjali Rao' }] },
  { name: 'Robotics', students: 0, mentors: [] },
];
const ASHA: Student = {
  _id: 's1',
  RollNo: 230001,
  name: 'Asha Rao',
  FatherName: null,
  MotherName: null,
  Gender: null,
  Dob: null,
  Category: null,
  phoneNo: null,
  email: 'asha@campus.test',
  group: 'CSE-A',
  designation: 'student',
  active: true,
};

describe('the Groups page', { timeout: 20_000 }, () => {
  it('lists groups with their students and mentors, and refuses a bad new name before sending it', async () => {
    const calls = stubApi(() => ({ status: 200, body: GROUPS }));
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGroupsPage />, ADMIN);
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByRole('row', { name: /CSE-A 1 Dr. Anjali Rao \(500001\)/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Robotics 0 —/ })).toBeVisible();
    await fill(user, screen.getByLabelText('New group name'), 'A/B');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(
      await screen.findByText('Group name may hold letters, digits, spaces and . _ - + & ( ) only'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('names a direction override in a new name as the problem, as the API and an import do', async () => {
    const calls = stubApi(() => ({ status: 200, body: GROUPS }));
    const { user } = renderScreen(<AdminGroupsPage />, ADMIN);
    await screen.findByRole('table', { name: 'Groups' });
    await fill(user, screen.getByLabelText('New group name'), 'CSE-A\u202EB-');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(
      await screen.findByText(
        'Group name must not hold the invisible character U+202E, which changes the direction text is shown in',
      ),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('leads from an empty list to the field that creates a group', async () => {
    stubApi(() => ({ status: 200, body: [] }));
    const { user } = renderScreen(<AdminGroupsPage />, ADMIN);
    expect(await screen.findByText('No groups yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create a group' }));
    expect(screen.getByLabelText('New group name')).toHaveFocus();
  });

  it('sets the mentors of a group from every teacher', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/teachers') {
        return {
          status: 200,
          body: [
            { _id: 't1', name: 'Dr. Anjali Rao', teacherId: 500001, groups: ['CSE-A'], active: true },
            { _id: 't2', name: 'Prof. Sameer Kulkarni', teacherId: 500002, groups: [], active: true },
          ],
        };
      }
      if (call.method === 'PUT') {
        return {
          status: 200,
          body: {
            message: 'Mentors saved',
            group: {
              name: 'Robotics',
              students: 0,
              mentors: [{ teacherId: 500002, name: 'Prof. Sameer Kulkarni' }],
            },
            changes: [{ field: 'mentors', from: null, to: '500002' }],
          },
        };
      }
      return { status: 200, body: GROUPS };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGroupsPage />, ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Set mentors of Robotics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mentors of Robotics' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Mentors' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Prof. Sameer Kulkarni (500002)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save mentors' }));
    expect(await screen.findByText('Mentors saved: mentors empty → 500002.')).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/groups/Robotics/mentors');
    expect(put?.body).toEqual({ teacherIds: [500002] });
  });

  it('moves the chosen students of one group into another', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/student') return { status: 200, body: [ASHA] };
      if (call.method === 'POST') {
        return {
          status: 200,
          body: {
            message: 'Students moved',
            group: { name: 'Robotics', students: 1, mentors: [] },
            changes: [{ field: '230001', from: 'CSE-A', to: 'Robotics' }],
          },
        };
      }
      return { status: 200, body: GROUPS };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<AdminGroupsPage />, ADMIN);
    await screen.findByRole('table', { name: 'Groups' });
    await user.selectOptions(screen.getByLabelText('From group'), 'CSE-A');
    await user.click(await screen.findByRole('checkbox', { name: 'Asha Rao (230001)' }));
    await user.click(screen.getByRole('button', { name: 'Move students' }));
    // Said on the choice that fixes it.
    expect(screen.getByLabelText('To group')).toBeInvalid();
    expect(screen.getByLabelText('To group')).toHaveAccessibleDescription(
      'Choose the group to move them to.',
    );
    await user.selectOptions(screen.getByLabelText('To group'), 'Robotics');
    await user.click(screen.getByRole('button', { name: 'Move students' }));
    expect(await screen.findByText('Students moved: 230001 CSE-A → Robotics.')).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/groups/Robotics/students');
    expect(post?.body).toEqual({ rollNos: [230001] });
    expect(calls.find((c) => c.path === '/api/student')?.search.get('group')).toBe('CSE-A');
  });
});
