import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi, STUDENT } from '../../../test/render';
import { STANDINGS, TERM } from '../test/data';
import { StudentCoursesPage } from './student-courses-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('Attendance by course', { timeout: 15_000 }, () => {
  it('lists every course with its attendance, rule, state in words and forecast, and the overall', async () => {
    const calls = stubApi(({ path }) => {
      if (path === '/api/timetable-settings') return { status: 200, body: TERM };
      if (path === `/api/attendance-courses/${STUDENT.RollNo}`) return { status: 200, body: STANDINGS };
      return { status: 404, body: { message: 'not found' } };
    });
    renderScreen(<StudentCoursesPage />, STUDENT);
    const table = await screen.findByRole('table', { name: 'Attendance by course' });
    const row = within(table).getByRole('row', { name: /Operating Systems \(CS302\)/ });
    expect(row).toHaveTextContent('13.5 of 20');
    expect(row).toHaveTextContent('67.5%');
    expect(row).toHaveTextContent('At risk');
    expect(row).toHaveTextContent('Attend 12 of the remaining 14 Operating Systems lectures to stay at 75 %');
    expect(within(table).getByRole('row', { name: /Computer Networks/ })).toHaveTextContent('Out of reach');
    expect(screen.getByRole('region', { name: 'Overall' })).toHaveTextContent(
      'Overall74.2%Attended 44.5 of 60 lectures',
    );
    expect(await screen.findByText(/A Late mark counts as half a lecture attended/)).toBeVisible();
    expect(calls.map((c) => c.path)).toContain(`/api/attendance-courses/${STUDENT.RollNo}`);
  });

  it('says when the group has no courses yet', async () => {
    stubApi(({ path }) =>
      path === '/api/timetable-settings'
        ? { status: 200, body: TERM }
        : {
            status: 200,
            body: { rollNo: STUDENT.RollNo, overall: { held: 0, attended: 0, percent: 100 }, courses: [] },
          },
    );
    renderScreen(<StudentCoursesPage />, STUDENT);
    expect(await screen.findByText('No courses yet.')).toBeVisible();
  });
});
