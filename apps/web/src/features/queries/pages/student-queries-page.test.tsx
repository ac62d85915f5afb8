import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Query } from '@campus/contract';
import { STUDENT, renderScreen, stubApi } from '../../../test/render';
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
    if (call.path === '/api/queries-by-rollno/230002') return { status: 200, body: { queries: mine } };
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
    expect(within(card).getByText('Asked by Ravi Kumar (230003) on 4/28/30')).toBeVisible();
    expect(within(card).queryByRole('region', { name: 'Solution' })).not.toBeInTheDocument();
  });

  it('toggles a like and shows the new count', async () => {
    const query = boardQuery({ topic: 'Likes', likes: 3 });
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

    await user.click(screen.getByRole('radio', { name: 'Solved' }));
    const solved = screen.getByRole('article', { name: 'Answered one' });
    expect(within(solved).getByRole('region', { name: 'Solution' })).toHaveTextContent('Use a loop.');
    expect(screen.queryByRole('article', { name: 'Open one' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Unsolved' }));
    expect(screen.getByRole('article', { name: 'Open one' })).toBeVisible();
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
    expect(screen.getByText(MESSAGES.query.noneForFilter)).toBeVisible();
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
});
