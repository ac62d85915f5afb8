import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { ADMIN, renderScreen, stubApi } from '../../../test/render';
import { boardQuery } from '../test/data';
import { AdminQueriesPage } from './admin-queries-page';

afterEach(() => vi.unstubAllGlobals());

// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('AdminQueriesPage', { timeout: 15_000 }, () => {
  it('lists the queries in a table', async () => {
    stubApi(() => ({
      status: 200,
      body: [
        boardQuery({
          topic: 'Exam dates',
          name: 'Ravi Kumar',
          rollNo: 230003,
          tags: ['exams', 'calendar'],
          solution: 'See the notice board.',
          likes: 2,
          createdAt: '2030-01-05T12:00:00.000Z',
        }),
      ],
    }));
    renderScreen(<AdminQueriesPage />, ADMIN);
    const row = (await screen.findByRole('cell', { name: 'Exam dates' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Exam dates',
      'Ravi Kumar',
      '230003',
      'examscalendar', // two tags: exams, calendar
      'Solved',
      '2',
      'Jan 5, 2030',
      'Hide as spam',
    ]);
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'All queries pages' })).toBeNull();
  });

  it('searches and pages on the server, saying which rows of how many are shown', async () => {
    const calls = stubApi((call) => {
      const offset = Number(call.search.get('offset'));
      const count = offset === 0 ? 21 : 3;
      const rows = Array.from({ length: count }, (_, i) => boardQuery({ topic: `Row ${offset + i}` }));
      return new Response(JSON.stringify(rows), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': '23' },
      });
    });
    renderScreen(<AdminQueriesPage />, ADMIN);
    // Text queries: role queries over a full page of rows are slow in jsdom.
    await screen.findByText('Row 0');
    expect(screen.queryByText('Row 20')).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'All queries pages' });
    expect(pages).toHaveTextContent('1–20 of 23');

    const user = userEvent.setup({ delay: null });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Row 20')).toBeVisible();
    expect(pages).toHaveTextContent('21–23 of 23');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByLabelText(/^Search queries/));
    await user.paste('exam');
    await waitFor(() => expect(calls.at(-1)?.search.get('search')).toBe('exam'), { timeout: 3000 });
    expect(calls.at(-1)?.search.get('offset')).toBe('0');
    expect(calls.at(-1)?.search.get('limit')).toBe('21');
  });

  it('offers to clear a search that matched nothing', async () => {
    const calls = stubApi((call) => ({
      status: 200,
      body: call.search.get('search') ? [] : [boardQuery({ topic: 'Exam dates' })],
    }));
    renderScreen(<AdminQueriesPage />, ADMIN);
    await screen.findByRole('cell', { name: 'Exam dates' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText(/^Search queries/));
    await user.paste('nothing like this');
    expect(await screen.findByText('No queries match your search.', {}, { timeout: 3000 })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByLabelText(/^Search queries/)).toHaveValue('');
    // The list comes back at once from what was loaded before, and again as the server answers.
    await waitFor(() => expect(screen.getByRole('cell', { name: 'Exam dates' })).toBeVisible(), {
      timeout: 3000,
    });
    expect(calls.at(-1)?.search.get('search')).toBeNull();
  });

  it('shows the empty state', async () => {
    stubApi(() => ({ status: 200, body: [] }));
    renderScreen(<AdminQueriesPage />, ADMIN);
    expect(await screen.findByText(MESSAGES.query.none)).toBeVisible();
    expect(screen.getByText(/as students write them/)).toBeVisible();
  });

  it('flags a hidden query and shows it again on the boards', async () => {
    const spam = boardQuery({ topic: 'Cheap followers', hidden: true });
    const rows = [spam, boardQuery({ topic: 'Exam dates', hidden: false })];
    const calls = stubApi((call) => {
      if (call.method === 'PUT') {
        rows[0] = { ...spam, hidden: false };
        return { status: 200, body: rows[0] };
      }
      return { status: 200, body: rows };
    });
    renderScreen(<AdminQueriesPage />, ADMIN);
    const row = (await screen.findByRole('cell', { name: 'Cheap followers' })).closest('tr')!;
    expect(within(row).getByText('Hidden')).toBeVisible();
    const other = screen.getByRole('cell', { name: 'Exam dates' }).closest('tr')!;
    expect(within(other).queryByText('Hidden')).toBeNull();

    await userEvent
      .setup({ delay: null })
      .click(within(row).getByRole('button', { name: 'Show again: Cheap followers' }));
    // A toast: the table stays where it was.
    expect(await screen.findByRole('status')).toHaveTextContent('“Cheap followers” is on the boards again.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/queries/${spam._id}/hidden`,
      body: { hidden: false },
    });
    await waitFor(() => expect(within(row).queryByText('Hidden')).toBeNull());
    expect(within(row).getByRole('button', { name: 'Hide as spam: Cheap followers' })).toBeVisible();
  });

  it('hides a query as spam after confirming, and flags it', async () => {
    const query = boardQuery({ topic: 'Cheap followers', hidden: false });
    const rows = [query];
    const calls = stubApi((call) => {
      if (call.method === 'PUT') {
        rows[0] = { ...query, hidden: true };
        return { status: 200, body: rows[0] };
      }
      return { status: 200, body: rows };
    });
    renderScreen(<AdminQueriesPage />, ADMIN);
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByRole('cell', { name: 'Cheap followers' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Hide as spam: Cheap followers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this query as spam?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide as spam' }));
    expect(await screen.findByRole('status')).toHaveTextContent('“Cheap followers” was hidden as spam.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ hidden: true });
    await waitFor(() => expect(within(row).getByText('Hidden')).toBeVisible());
    expect(within(row).getByRole('button', { name: 'Show again: Cheap followers' })).toBeVisible();
  });

  it('says why when showing a query again fails', async () => {
    stubApi((call) =>
      call.method === 'PUT'
        ? { status: 404, body: { message: 'Query not found' } }
        : { status: 200, body: [boardQuery({ topic: 'Cheap followers', hidden: true })] },
    );
    renderScreen(<AdminQueriesPage />, ADMIN);
    const row = (await screen.findByRole('cell', { name: 'Cheap followers' })).closest('tr')!;
    await userEvent
      .setup({ delay: null })
      .click(within(row).getByRole('button', { name: 'Show again: Cheap followers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Query not found');
  });
});
