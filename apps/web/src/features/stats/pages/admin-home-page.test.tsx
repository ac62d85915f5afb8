import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview } from '@campus/contract';
import { json, renderScreen } from '../../../test/render';
import { AdminHomePage } from './admin-home-page';

afterEach(() => vi.unstubAllGlobals());

const OVERVIEW: AdminOverview = {
  today: '2031-03-12',
  attention: {
    recentSupport: 2,
    groupsWithoutMentor: { count: 7, names: ['CSE-A', 'CSE-B', 'ECE-A', 'ECE-B', 'ME-A'] },
    groupsNotMarkedToday: { count: 0, names: [] },
    studentsBelowMinimum: 1234,
    stalePendingGatePasses: 0,
    recentImports: 0,
  },
  activity: [{ date: '2031-03-12', gatePasses: 3, queries: 1 }],
  attendanceByWeek: [{ week: '2031-03-10', percentage: 82.5 }],
};

function renderPage(answer: (path: string) => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/admin/overview' ? Promise.resolve(json(200, OVERVIEW)) : answer(url),
    ),
  );
  renderScreen(<AdminHomePage />);
}

const COUNTS: Record<string, number> = {
  '/api/students/count': 60,
  '/api/teachers/count': 6,
  '/api/support/count': 3,
  '/api/queries/count': 9,
  '/api/notices/count': 12,
  '/api/gate/overdue/count': 2,
};

describe('AdminHomePage', () => {
  it('shows the five Statistics cards, each loading its own count', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderPage(async (path) => {
      await gate;
      return json(200, { count: COUNTS[path] });
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    const labels = ['Total Students', 'Total Teachers', 'Total Support', 'Total Queries', 'Total Notices'];
    for (const label of labels) {
      expect(within(screen.getByRole('region', { name: label })).getByText('Loading...')).toBeInTheDocument();
    }
    release();
    const support = screen.getByRole('region', { name: 'Total Support' });
    expect(await within(support).findByText('3')).toBeInTheDocument();
    expect(within(support).getByRole('link', { name: 'Open the support inbox' })).toHaveAttribute(
      'href',
      '/admin/help',
    );
    expect(
      await within(screen.getByRole('region', { name: 'Total Notices' })).findByText('12'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total Notices' })).queryByRole('link'),
    ).not.toBeInTheDocument();
  });

  it('shows Error fetching data on the one card whose count fails', async () => {
    renderPage((path) =>
      Promise.resolve(
        path === '/api/queries/count' ? json(500, { message: 'boom' }) : json(200, { count: COUNTS[path] }),
      ),
    );
    const queries = screen.getByRole('region', { name: 'Total Queries' });
    expect(await within(queries).findByText('Error fetching data')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Total Students' })).findByText('60'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Error fetching data')).toHaveLength(1);
  });

  it('leads with what needs the admin, each with the screen that deals with it, and nothing that needs nothing', async () => {
    renderPage((path) => Promise.resolve(json(200, { count: COUNTS[path] })));
    const needs = await screen.findByRole('region', { name: 'Needs your attention' });
    const items = await within(needs).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      '2 support messages in the last 7 days · Read them',
      '7 groups without a mentor: CSE-A, CSE-B, ECE-A, ECE-B, ME-A and 2 more · Assign mentors',
      '1,234 students below 75% attendance · Open the report',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'Assign mentors' })).toHaveAttribute(
      'href',
      '/admin/groups',
    );
    // The first region on the page is what needs the admin, before the counts.
    expect(screen.getAllByRole('region')[0]).toBe(needs);
  });

  it('asks for the slower overview only once the cards have their counts, and shows its charts’ own loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/admin/overview') return json(200, OVERVIEW);
      await gate;
      return json(200, { count: COUNTS[url] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<AdminHomePage />);
    expect(screen.getByText('Loading charts...')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/admin/overview');
    release();
    expect(
      await within(screen.getByRole('region', { name: 'Total Students' })).findByText('60'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Gate passes and questions per day' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/overview')).toHaveLength(1);
  });
});
