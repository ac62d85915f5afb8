import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen } from '../../../test/render';
import { AdminHomePage } from './admin-home-page';

afterEach(() => vi.unstubAllGlobals());

function renderPage(answer: (path: string) => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => answer(url)),
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
    expect(within(support).getByRole('link', { name: 'Open Support Collection' })).toHaveAttribute(
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
});
