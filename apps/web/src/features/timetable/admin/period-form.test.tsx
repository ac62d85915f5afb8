import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course, Period, Teacher } from '@campus/contract';
import { ADMIN, renderScreen, stubApi, type Handler } from '../../../test/render';
import { PeriodDialog } from './period-form';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const COURSES: Course[] = [
  { code: 'CS301', name: 'DBMS', credits: 4, minPercent: null },
  { code: 'MA201', name: 'Statistics', credits: 3, minPercent: 80 },
];
const teacher = (teacherId: number, name: string): Teacher => ({
  _id: `t${teacherId}`,
  name,
  teacherId,
  Gender: null,
  Dob: null,
  phoneNo: null,
  email: `${teacherId}@campus.test`,
  designation: 'teacher',
  groups: [],
  active: true,
});
const TEACHERS = [teacher(500001, 'Meera Iyer'), teacher(500002, 'Arjun Menon')];
const MONDAY: Period = {
  _id: 'p1',
  course: 'CS301',
  courseName: 'DBMS',
  group: 'CSE-A',
  teacherId: 500001,
  teacherName: 'Meera Iyer',
  weekday: 1,
  start: '09:00',
  end: '09:50',
  room: 'LH-101',
};
const CLASH = 'Clash: room LH-101 already has CS301 (CSE-B) on Monday 09:00–09:50 in LH-101';

function renderDialog(handler: Handler, period: Period | null = null) {
  const calls = stubApi(handler);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const rendered = renderScreen(
    <PeriodDialog
      opened
      group="CSE-A"
      period={period}
      week={[MONDAY]}
      courses={COURSES}
      teachers={TEACHERS}
      onClose={onClose}
      onSaved={onSaved}
    />,
    ADMIN,
  );
  return { ...rendered, calls, onSaved, onClose };
}

describe('the period form', { timeout: 20_000 }, () => {
  it('shows the server’s clash message as it is, and keeps the dialog open to change the period', async () => {
    const { user, calls, onSaved } = renderDialog(() => ({ status: 409, body: { message: CLASH } }));
    expect(screen.getByRole('dialog', { name: 'Add a period for CSE-A' })).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'MA201');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Weekday' }), 'Monday');
    await user.type(screen.getByLabelText(/^Start/), '09:30');
    await user.type(screen.getByLabelText(/^End/), '10:20');
    await user.type(screen.getByLabelText(/^Room/), 'LH-101');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Teacher' }), 'Arjun Menon (500002)');
    await user.click(screen.getByRole('button', { name: 'Add period' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The period was not saved.');
    expect(alert).toHaveTextContent(CLASH);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/periods',
        body: {
          course: 'MA201',
          group: 'CSE-A',
          weekday: 1,
          start: '09:30',
          end: '10:20',
          room: 'LH-101',
          teacherId: 500002,
        },
      }),
    ]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('names what is wrong before sending anything: a missing field, a period ending before it starts', async () => {
    const { user, calls } = renderDialog(() => ({ status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Add period' }));
    expect(await screen.findByText('Course is required')).toBeVisible();
    expect(screen.getByText('Room is required')).toBeVisible();

    // A course the group already has comes with its teacher.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'CS301');
    expect(screen.getByRole('combobox', { name: 'Teacher' })).toHaveValue('500001');
    await user.type(screen.getByLabelText(/^Start/), '11:00');
    await user.type(screen.getByLabelText(/^End/), '10:00');
    await user.type(screen.getByLabelText(/^Room/), 'LH-2');
    await user.click(screen.getByRole('button', { name: 'Add period' }));
    expect(await screen.findByText('End must be after start')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('saves a changed period in its place, and deletes one once asked to', async () => {
    const { user, calls, onSaved } = renderDialog(
      (call) => ({
        status: 200,
        body: { message: call.method === 'PUT' ? 'Period saved' : 'Period removed' },
      }),
      MONDAY,
    );
    expect(screen.getByRole('dialog', { name: 'CS301 on Monday, CSE-A' })).toBeVisible();
    const room = screen.getByLabelText(/^Room/);
    await user.clear(room);
    await user.type(room, 'LH-202');
    await user.click(screen.getByRole('button', { name: 'Save period' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Period saved'));
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/periods/p1', body: { room: 'LH-202' } });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete period' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Period removed'));
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/periods/p1' });
  });
});
