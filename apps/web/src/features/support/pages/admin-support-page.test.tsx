import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportMessage } from '@campus/contract';
import { json, renderScreen, urlOf } from '../../../test/render';
import { SUPPORT_PAGE_SIZE as PAGE_SIZE } from '../api';
import { AdminSupportPage } from './admin-support-page';

const message = (i: number): SupportMessage => ({
  _id: `5b0c6f4e-0d5e-4a8e-9a57-${String(i).padStart(12, '0')}`,
  reference: 'SR-5B0C6F4E',
  status: i === 1 ? 'in_progress' : 'new',
  name: `Person ${i}`,
  email: `person${i}@example.edu`,
  role: i % 2 ? 'Teacher' : 'Student',
  queryType: i % 2 ? 'Query' : 'Bug Report',
  message: `Message number ${i}`,
  createdAt: '2025-03-01T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

/** The fake server; `total` is what it says in X-Total-Count, when it says anything. */
const COUNTS = { new: 4, in_progress: 2, resolved: 7 };

function renderPage(rows: (url: URL) => SupportMessage[], total?: number) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/supports/status-counts') return Promise.resolve(json(200, COUNTS));
    if (init?.method === 'PUT') {
      const { status } = JSON.parse(init.body as string) as { status: SupportMessage['status'] };
      return Promise.resolve(json(200, { ...message(1), status }));
    }
    const res = json(200, rows(urlOf(url)));
    if (total !== undefined) res.headers.set('x-total-count', String(total));
    return Promise.resolve(res);
  });
  vi.stubGlobal('fetch', fetchMock);
  const { user } = renderScreen(<AdminSupportPage />);
  return { fetchMock, user };
}

// Whole Mantine forms in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('AdminSupportPage', { timeout: 20_000 }, () => {
  it('is the Support Collection: each message with its reference, status, a reply by email link and the six columns', async () => {
    renderPage(() => [message(1), message(2)]);
    expect(screen.getByRole('heading', { name: 'Support Collection' })).toBeVisible();
    expect(screen.getByText('Loading support messages...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Reference', 'Status', 'Name', 'Email', 'Role', 'Query Type', 'Message', 'Date']);
    const row = within(table).getByRole('row', { name: /Person 1/ });
    expect(within(row).getByRole('combobox', { name: 'Status of SR-5B0C6F4E from Person 1' })).toHaveValue(
      'in_progress',
    );
    expect(within(row).getByRole('link', { name: 'Reply by email to Person 1' })).toHaveAttribute(
      'href',
      'mailto:person1@example.edu?subject=Re%3A%20your%20message%20SR-5B0C6F4E',
    );
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(3)
        .map((td) => td.textContent),
    ).toEqual(['Teacher', 'Query', 'Message number 1', expect.stringMatching(/^1 Mar 2025/)]);
  });

  it('counts the messages of each status, filters by status, and marks a message resolved', async () => {
    const { fetchMock, user } = renderPage((url) =>
      url.searchParams.get('status') === 'in_progress' ? [message(1)] : [message(1), message(2)],
    );
    expect(await screen.findByRole('button', { name: 'New (4)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'In progress (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolved (7)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All (13)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'In progress (2)' }));
    expect(screen.getByRole('button', { name: 'In progress (2)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/supports?status=in_progress&limit=${PAGE_SIZE + 1}&offset=0`,
      expect.anything(),
    );

    await user.selectOptions(
      screen.getByRole('combobox', { name: /Status of SR-5B0C6F4E from Person 1/ }),
      'resolved',
    );
    expect(await screen.findByText('SR-5B0C6F4E from Person 1 marked resolved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/supports/5b0c6f4e-0d5e-4a8e-9a57-000000000001/status');
    expect(JSON.parse(put[1]!.body as string)).toEqual({ status: 'resolved' });
  });

  it('pages on the server, saying which messages of how many are shown, and searches', async () => {
    const { fetchMock, user } = renderPage((url) => {
      const offset = Number(url.searchParams.get('offset'));
      if (url.searchParams.get('search')) return [];
      return Array.from({ length: offset === 0 ? PAGE_SIZE + 1 : 3 }, (_, i) => message(offset + i));
    }, PAGE_SIZE + 3);
    await screen.findByRole('table');
    expect(screen.getAllByRole('row')).toHaveLength(PAGE_SIZE + 1);
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/supports?limit=${PAGE_SIZE + 1}&offset=0`,
      expect.anything(),
    );
    const pages = screen.getByRole('navigation', { name: 'Support messages pages' });
    expect(pages).toHaveTextContent(`1–${PAGE_SIZE} of ${PAGE_SIZE + 3}`);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: `Person ${PAGE_SIZE}` })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pages).toHaveTextContent(`${PAGE_SIZE + 1}–${PAGE_SIZE + 3} of ${PAGE_SIZE + 3}`);

    await user.click(screen.getByRole('searchbox', { name: /Search/ }));
    await user.paste('nobody');
    expect(await screen.findByText('No support messages found.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/supports?search=nobody&limit=${PAGE_SIZE + 1}&offset=0`,
      expect.anything(),
    );

    await user.click(screen.getByRole('button', { name: 'Show all messages' }));
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('');
    expect(await screen.findByRole('rowheader', { name: 'Person 0' })).toBeInTheDocument();
  });

  it('says the page number when the server sends no total', async () => {
    renderPage((url) => {
      const offset = Number(url.searchParams.get('offset'));
      return Array.from({ length: offset === 0 ? PAGE_SIZE + 1 : 3 }, (_, i) => message(offset + i));
    });
    await screen.findByRole('table');
    expect(screen.getByRole('navigation', { name: 'Support messages pages' })).toHaveTextContent('Page 1');
  });

  it('says what would fill an empty inbox', async () => {
    renderPage(() => [], 0);
    expect(await screen.findByText('No support messages found.')).toBeInTheDocument();
    expect(screen.getByText(/sent from the support form appear here/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all messages' })).not.toBeInTheDocument();
  });
});
