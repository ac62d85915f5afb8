import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Query } from '@campus/contract';
import { STUDENT, renderScreen, stubApi } from '../../../test/render';
import { isSolved } from '../api';
import { boardQuery } from '../test/data';
import { StudentQueriesPage } from './student-queries-page';

afterEach(() => vi.unstubAllGlobals());

function board({
  unsolved = [],
  solved = [],
  mine = [],
}: {
  unsolved?: Query[];
  solved?: Query[];
  mine?: Query[];
}) {
  return stubApi((call) => {
    if (call.path === '/api/queries-without-solution') return { status: 200, body: { queries: unsolved } };
    if (call.path === '/api/queries-with-solution') return { status: 200, body: { queries: solved } };
    if (call.path === '/api/queries-by-rollno/230002') {
      // The server keeps the solved or the unsolved ones when asked.
      const solvedOnly = call.search.get('solved');
      const kept = mine.filter((q) => solvedOnly === null || String(isSolved(q)) === solvedOnly);
      return { status: 200, body: { queries: kept } };
    }
    const like = /^\/api\/queries\/(.+)\/like$/.exec(call.path);
    if (like && call.method === 'POST') return { status: 200, body: { likes: 4, liked: true } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('StudentQueriesPage', { timeout: 15_000 }, () => {
  it('shows each unsolved query with its tags, author and en-US short date', async () => {
    board({
      unsolved: [
        boardQuery({
          topic: 'Recursion depth',
          tags: ['algorithms', 'c'],
          description: 'How deep can recursion go?',
          name: 'Ravi Kumar',
          rollNo: 230003,
          createdAt: '2030-04-28T09:00:00.000Z',
        }),
      ],
    });
    renderScreen(<StudentQueriesPage />, STUDENT);
    const card = await screen.findByRole('article', { name: 'Recursion depth' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Recursion depth' })).toBeVisible();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['algorithms', 'c']);
    expect(within(card).getByText('How deep can recursion go?')).toBeVisible();
    expect(within(card).getByText('Asked by Ravi Kumar (230003) on Apr 28, 2030')).toBeVisible();
    expect(within(card).queryByRole('region', { name: 'Solution' })).not.toBeInTheDocument();
  });

  it('toggles a like and shows the new count', async () => {
    const query = boardQuery({ topic: 'Likes', likes: 3, rollNo: 230003 });
    const calls = board({ unsolved: [query] });
    renderScreen(<StudentQueriesPage />, STUDENT);
    const card = await screen.findByRole('article', { name: 'Likes' });
    const like = within(card).getByRole('button', { name: 'Like, 3 likes' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup({ delay: null }).click(like);
    const liked = await within(card).findByRole('button', { name: 'Like, 4 likes' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(`/api/queries/${query._id}/like`);
  });

  it('offers no like on your own question, only its count', async () => {
    const calls = board({
      unsolved: [boardQuery({ topic: 'Mine to ask', likes: 2, rollNo: STUDENT.RollNo })],
    });
    renderScreen(<StudentQueriesPage />, STUDENT);
    const card = await screen.findByRole('article', { name: 'Mine to ask' });
    expect(within(card).getByText('2 likes')).toBeVisible();
    expect(within(card).queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('filters your own queries by All, Solved and Unsolved', async () => {
    board({
      mine: [
        boardQuery({ topic: 'Answered one', solution: 'Use a loop.' }),
        boardQuery({ topic: 'Open one' }),
      ],
    });
    renderScreen(<StudentQueriesPage />, STUDENT);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Your Queries' }));
    expect(await screen.findByRole('article', { name: 'Answered one' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Open one' })).toBeVisible();

    // The server keeps the solved or the unsolved ones.
    await user.click(screen.getByRole('radio', { name: 'Solved' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Open one' })).not.toBeInTheDocument());
    const solved = screen.getByRole('article', { name: 'Answered one' });
    expect(within(solved).getByRole('region', { name: 'Solution' })).toHaveTextContent('Use a loop.');

    await user.click(screen.getByRole('radio', { name: 'Unsolved' }));
    expect(await screen.findByRole('article', { name: 'Open one' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Answered one' })).not.toBeInTheDocument();
  });

  it('tells the student which of their own queries staff hid from the boards', async () => {
    board({
      mine: [
        boardQuery({ topic: 'Hidden one', hidden: true }),
        boardQuery({ topic: 'Open one', hidden: false }),
      ],
    });
    renderScreen(<StudentQueriesPage />, STUDENT);
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Your Queries' }));
    const hidden = await screen.findByRole('article', { name: 'Hidden one' });
    expect(within(hidden).getByRole('note')).toHaveTextContent(
      'HiddenStaff hid this query as spam: it is not on the boards.',
    );
    expect(within(screen.getByRole('article', { name: 'Open one' })).queryByRole('note')).toBeNull();
    // A student is offered no way to hide anything.
    expect(screen.queryByRole('button', { name: /Hide as spam/ })).toBeNull();
  });

  it('shows the empty state of each list', async () => {
    board({ mine: [boardQuery({ topic: 'Open one' })] });
    renderScreen(<StudentQueriesPage />, STUDENT);
    expect(await screen.findByText(MESSAGES.query.noUnsolved)).toBeVisible();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Solved Queries' }));
    expect(await screen.findByText(MESSAGES.query.noSolved)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Your Queries' }));
    await screen.findByRole('article', { name: 'Open one' });
    await user.click(screen.getByRole('radio', { name: 'Solved' }));
    expect(await screen.findByText(MESSAGES.query.noneForFilter)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all your queries' }));
    expect(await screen.findByRole('article', { name: 'Open one' })).toBeVisible();
  });

  it('offers to write a query from an empty board, and opens the form', async () => {
    board({});
    renderScreen(<StudentQueriesPage />, STUDENT);
    expect(await screen.findByText(MESSAGES.query.noUnsolved)).toBeVisible();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Write a query' }));
    expect(screen.getByRole('tab', { name: 'Write Query' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('textbox', { name: /Topic/ })).toBeVisible();
  });

  it('keeps the draft of a question while another tab is open', async () => {
    board({});
    const { user } = renderScreen(<StudentQueriesPage />, STUDENT);
    expect(await screen.findByText(MESSAGES.query.noUnsolved)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Write Query' }));
    await user.click(await screen.findByLabelText(/^Topic/));
    await user.paste('Lab timings');
    await user.click(screen.getByRole('tab', { name: 'Solved Queries' }));
    expect(await screen.findByText(MESSAGES.query.noSolved)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Write Query' }));
    expect(await screen.findByLabelText(/^Topic/)).toHaveValue('Lab timings');
  });

  it('asks for one page of 20 and shows "1–20 of N"; Next asks for the following page', async () => {
    const page = (from: number) =>
      Array.from({ length: 20 }, (_, i) => boardQuery({ topic: `Question ${from + i}` }));
    const calls = stubApi((call) => {
      if (call.path !== '/api/queries-without-solution') return { status: 200, body: { queries: [] } };
      const offset = Number(call.search.get('offset'));
      return new Response(JSON.stringify({ queries: page(offset + 1) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '4012' },
      });
    });
    renderScreen(<StudentQueriesPage />, STUDENT);
    expect(await screen.findByRole('article', { name: 'Question 1' })).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Queries pages' });
    expect(within(pager).getByText('1–20 of 4,012')).toBeVisible();
    await userEvent.setup({ delay: null }).click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Question 21' })).toBeVisible();
    expect(within(pager).getByText('21–40 of 4,012')).toBeVisible();
    // No list is ever asked for without a limit.
    for (const call of calls.filter((c) => c.method === 'GET')) {
      expect(call.search.get('limit'), call.path).toBe('20');
    }
  });

  it('searches the board by words and by tag on the server, and offers to clear a search', async () => {
    const fees = boardQuery({ topic: 'Fees deadline', tags: ['fees'] });
    const other = boardQuery({ topic: 'Other' });
    const calls = stubApi((call) => {
      if (call.path !== '/api/queries-without-solution') return { status: 200, body: { queries: [] } };
      const search = call.search.get('search');
      const tag = call.search.get('tag');
      if (search === null && tag === null) return { status: 200, body: { queries: [other] } };
      return { status: 200, body: { queries: search === 'fees deadline' || tag === 'fees' ? [fees] : [] } };
    });
    renderScreen(<StudentQueriesPage />, STUDENT);
    await screen.findByRole('article', { name: 'Other' });
    const user = userEvent.setup({ delay: null });
    const panel = screen.getByRole('search', { name: 'Search queries' });
    await user.type(within(panel).getByRole('searchbox', { name: /Search/ }), 'fees deadline');
    expect(await screen.findByRole('article', { name: 'Fees deadline' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Other' })).not.toBeInTheDocument();
    await user.clear(within(panel).getByRole('searchbox', { name: /Search/ }));
    await user.type(within(panel).getByRole('searchbox', { name: /Tag/ }), 'nothing');
    expect(await screen.findByText('No queries match your search.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Other' })).toBeVisible();
    await user.type(within(panel).getByRole('searchbox', { name: /Tag/ }), 'fees');
    expect(await screen.findByRole('article', { name: 'Fees deadline' })).toBeVisible();
    const asked = calls.filter((c) => c.path === '/api/queries-without-solution');
    expect(asked.some((c) => c.search.get('search') === 'fees deadline')).toBe(true);
    expect(asked.some((c) => c.search.get('tag') === 'fees')).toBe(true);
  });

  it('opens on the tab, words, tag and page its address names, as a reload or a shared link gives them', async () => {
    const calls = board({ solved: [boardQuery({ topic: 'Exam hall', solution: 'Block C.' })] });
    renderScreen(<StudentQueriesPage />, STUDENT, { search: '?tab=solved&q=hall&tag=exams&page=2' });
    expect(screen.getByRole('tab', { name: 'Solved Queries' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Exam hall' })).toBeVisible();
    const panel = screen.getByRole('search', { name: 'Search solved queries' });
    expect(within(panel).getByRole('searchbox', { name: /Search/ })).toHaveValue('hall');
    expect(within(panel).getByRole('searchbox', { name: /Tag/ })).toHaveValue('exams');
    const asked = calls.filter((c) => c.path === '/api/queries-with-solution').at(-1)!.search;
    expect([asked.get('search'), asked.get('tag'), asked.get('offset')]).toEqual(['hall', 'exams', '20']);
    // Only the board on show asks for anything.
    expect(calls.some((c) => c.path === '/api/queries-without-solution')).toBe(false);
  });

  it('starts a new search on the first page, and another tab on its first view', async () => {
    const calls = stubApi((call) => {
      const offset = Number(call.search.get('offset'));
      const queries = Array.from({ length: 20 }, (_, i) =>
        boardQuery({ topic: `Question ${offset + i + 1}` }),
      );
      return new Response(JSON.stringify({ queries }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '400' },
      });
    });
    renderScreen(<StudentQueriesPage />, STUDENT, { search: '?page=3' });
    expect(await screen.findByRole('article', { name: 'Question 41' })).toBeVisible();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: /Tag/ }), 'fees');
    expect(await screen.findByRole('article', { name: 'Question 1' })).toBeVisible();
    const asked = () => calls.filter((c) => c.path === '/api/queries-without-solution').at(-1)!.search;
    expect([asked().get('tag'), asked().get('offset')]).toEqual(['fees', '0']);

    await user.click(screen.getByRole('tab', { name: 'Your Queries' }));
    await user.click(await screen.findByRole('radio', { name: 'Unsolved' }));
    await user.click(screen.getByRole('tab', { name: 'Queries' }));
    // Back on the board: no words, no tag, page 1.
    expect(await screen.findByRole('searchbox', { name: /Tag/ })).toHaveValue('');
    await waitFor(() => expect(asked().get('tag')).toBeNull());
    expect(asked().get('offset')).toBe('0');
  });

  it('opens Your Queries on the filter and page its address names', async () => {
    const calls = board({ mine: [boardQuery({ topic: 'Answered one', solution: 'Use a loop.' })] });
    renderScreen(<StudentQueriesPage />, STUDENT, { search: '?tab=mine&show=solved&page=2' });
    expect(await screen.findByRole('article', { name: 'Answered one' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Solved' })).toBeChecked();
    const asked = calls.filter((c) => c.path === '/api/queries-by-rollno/230002').at(-1)!.search;
    expect([asked.get('solved'), asked.get('offset')]).toEqual(['true', '20']);
  });

  it('opens a similar question from the ask form on its board, searched for its topic', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/queries/similar') {
        return {
          status: 200,
          body: [{ _id: 'q1', topic: 'Library wifi', highlight: '\u0002Library\u0003 wifi', solved: true }],
        };
      }
      const queries =
        call.search.get('search') === 'Library wifi' ? [boardQuery({ topic: 'Library wifi' })] : [];
      return { status: 200, body: { queries } };
    });
    const { user } = renderScreen(<StudentQueriesPage />, STUDENT, { search: '?tab=write' });
    await user.click(await screen.findByLabelText(/^Topic/));
    await user.paste('Library hours');
    const similar = await screen.findByRole('region', { name: 'Similar questions' });
    await user.click(within(similar).getByRole('button'));
    expect(screen.getByRole('tab', { name: 'Solved Queries' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Library wifi' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('Library wifi');
    expect(calls.some((c) => c.path === '/api/queries-with-solution')).toBe(true);
  });
});
