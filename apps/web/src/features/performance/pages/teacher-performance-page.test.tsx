import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Performance } from '@campus/contract';
import { renderScreen, stubApi, TEACHER } from '../../../test/render';
import { TeacherPerformancePage } from './teacher-performance-page';

const campus: Performance[] = Array.from({ length: 120 }, (_, i) => ({
  RollNo: 230001 + i,
  Name: i === 7 ? 'Zoya Kapoor' : `Student ${String(i + 1).padStart(3, '0')}`,
  '10th %age': 80,
  '12th %age': 75.5,
  'Sem-1 SGPA': 8,
  'Sem-2 SGPA': 8.25,
  'Sem-3 SGPA': 7.5,
  'Sem-4 SGPA': null,
  CGPA: 7.92,
}));

/** Answers like the server: name search (any case), then limit and offset. */
function setup(fail = false) {
  const requested: string[] = [];
  stubApi((call) => {
    requested.push(call.search.size ? `${call.path}?${call.search.toString()}` : call.path);
    if (call.path !== '/api/students-performance') return { status: 404, body: { message: 'no' } };
    if (fail) return { status: 500, body: { message: 'boom' } };
    const search = (call.search.get('search') ?? '').toLowerCase();
    const limit = Number(call.search.get('limit'));
    const offset = Number(call.search.get('offset'));
    const matches = campus.filter((p) => p.Name.toLowerCase().includes(search));
    return { status: 200, body: matches.slice(offset, offset + limit) };
  });
  localStorage.setItem('jwtToken', 'tok');
  const { user } = renderScreen(<TeacherPerformancePage />, TEACHER);
  return { requested, user };
}

// Role queries over 50 rows are slow in jsdom; the rows of the body are enough here.
const bodyRows = () => [...document.querySelectorAll('tbody tr')];

// Generous waits: Mantine screens render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('teacher performance table', { timeout: 20_000 }, () => {
  it('shows the columns of §3 and pages 50 students at a time on the server', async () => {
    const { user, requested } = setup();
    expect(screen.getByText('Loading performance...')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'RollNo',
      'Name',
      '10th %age',
      '12th %age',
      'Sem-1 SGPA',
      'Sem-2 SGPA',
      'Sem-3 SGPA',
      'Sem-4 SGPA',
      'CGPA',
    ]);
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[0]).toHaveTextContent('230001Student 00180%75.5%8.008.257.50Not Available7.92');
    expect(requested[0]).toBe('/api/students-performance?limit=51&offset=0');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing students 51–100');
    expect(bodyRows()[0]).toHaveTextContent('230051');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing students 101–120');
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Showing students 51–100');
  });

  it('searches by name on the server and starts again from the first page', async () => {
    const { user, requested } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing students 51–100');

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zoya');
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(1), { timeout: 5000 });
    expect(bodyRows()[0]).toHaveTextContent('Zoya Kapoor');
    expect(screen.getByText('Showing students 1–1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(requested).toContain('/api/students-performance?search=zoya&limit=51&offset=0');
    // Debounced: typing four letters does not send four searches.
    expect(requested.filter((u) => u.includes('search='))).toHaveLength(1);
  });

  it('says No students found. when nothing matches', async () => {
    const { user } = setup();
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'nobody');
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
  });

  it('shows the §8 message when the table cannot be fetched', async () => {
    setup(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch performance data.');
  });
});
