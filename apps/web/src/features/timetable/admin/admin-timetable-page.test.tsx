import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course, TermSettings } from '@campus/contract';
import { ADMIN, fill, renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { AdminTimetablePage } from './admin-timetable-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const COURSES: Course[] = [
  { code: 'CS301', name: 'DBMS', credits: 4, minPercent: null },
  { code: 'MA201', name: 'Statistics', credits: 3, minPercent: 80 },
];
const SETTINGS: TermSettings = {
  termStart: '2031-01-06',
  termEnd: '2031-05-30',
  timeZone: 'Asia/Kolkata',
  lateCounts: 'present',
  minPercent: 75,
};

function answer(call: ApiCall) {
  if (call.method !== 'GET') return { status: 200, body: call.body ?? { message: 'Course added' } };
  if (call.path === '/api/courses') return { status: 200, body: COURSES };
  if (call.path === '/api/timetable-settings') return { status: 200, body: SETTINGS };
  return { status: 200, body: [] };
}

describe('the admins’ timetable page', { timeout: 20_000 }, () => {
  it('lists the courses with the attendance each needs, and adds one checked by the course rule', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' ? { status: 201, body: { message: 'Course added' } } : answer(call),
    );
    const { user } = renderScreen(<AdminTimetablePage />, ADMIN, { search: '?tab=courses' });
    const table = await screen.findByRole('table', { name: 'Courses' });
    expect(within(table).getByRole('row', { name: /CS301 DBMS 4 75 % \(campus rule\)/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /MA201 Statistics 3 80 %/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add a course' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a course' });
    await fill(user, within(dialog).getByLabelText(/^Code/), 'ph 101');
    await user.click(within(dialog).getByRole('button', { name: 'Add course' }));
    expect(await within(dialog).findByText('Code must be 2 to 16 letters, digits or dashes')).toBeVisible();
    expect(within(dialog).getByText('Name is required')).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/^Code/));
    await fill(user, within(dialog).getByLabelText(/^Code/), 'ph101');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Physics');
    await fill(user, within(dialog).getByLabelText(/^Credits/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Add course' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Course added.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/courses',
        body: { code: 'PH101', name: 'Physics', credits: 4, minPercent: null },
      }),
    ]);
  });

  it('refuses a time zone the browser does not know before sending, and saves the term with a known one', async () => {
    const calls = stubApi(answer);
    const { user } = renderScreen(<AdminTimetablePage />, ADMIN, { search: '?tab=term' });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await fill(user, zone, 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Save term settings' }));
    expect(await screen.findByText('Time zone must be a time zone such as Asia/Kolkata')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(zone);
    await fill(user, zone, 'Europe/London');
    await user.click(screen.getByRole('radio', { name: 'As half present' }));
    await user.click(screen.getByRole('button', { name: 'Save term settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Term settings saved.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({
        path: '/api/timetable-settings',
        body: { ...SETTINGS, timeZone: 'Europe/London', lateCounts: 'half' },
      }),
    ]);
  });
});
