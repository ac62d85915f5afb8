import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STUDENT, TEACHER, renderScreen, stubApi } from '../../../test/render';
import { StudentHomePage } from './student-home-page';
import { TeacherHomePage } from './teacher-home-page';

afterEach(() => vi.unstubAllGlobals());

/** The timetable's cards at the top of the homes: no lectures today, no courses yet. */
const NO_LECTURES: Record<string, unknown> = {
  '/api/timetable/day': { date: '2031-02-03', holiday: null, inTerm: true, lectures: [] },
  [`/api/attendance-courses/${STUDENT.RollNo}`]: {
    rollNo: STUDENT.RollNo,
    overall: { held: 0, attended: 0, percent: 100 },
    courses: [],
  },
};

/** A campus with no notices, whose search finds nothing. */
const noNotices = () => stubApi(({ path }) => ({ status: 200, body: NO_LECTURES[path] ?? [] }));

describe('the home pages', { timeout: 15_000 }, () => {
  it('open on the tab and the search their address names, as a reload or a shared link gives them', async () => {
    const calls = noNotices();
    renderScreen(<StudentHomePage />, STUDENT, { search: '?tab=eventNotice&q=fest' });
    expect(screen.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search notices' })).toHaveValue('fest');
    expect(await screen.findByText('No notice matches your search.')).toBeVisible();
    expect(calls.some((c) => c.path === '/api/notices/search' && c.search.get('q') === 'fest')).toBe(true);
    expect(calls.some((c) => c.path === '/api/get-events')).toBe(true);
    // Only the tab on show asks for its list.
    expect(calls.some((c) => c.path === '/api/get-mentor-notices')).toBe(false);
  });

  it('keep the kind of notice a teacher writes in the address, and drop it with the Create tab', async () => {
    noNotices();
    const { user } = renderScreen(<TeacherHomePage />, TEACHER, { search: '?tab=create&kind=eventNotice' });
    expect(screen.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Event' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('textbox', { name: /Event name/ })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Notices' }));
    await user.click(screen.getByRole('tab', { name: 'Create' }));
    // Back on Create: the first kind again.
    expect(screen.getByRole('tab', { name: 'Mentor Notice', selected: true })).toBeVisible();
  });
});
