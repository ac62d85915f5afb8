import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Query } from '@campus/contract';
import { logger } from '../../../lib/logger';
import { TEACHER, deferred, renderScreen, stubApi, type ApiCall, type Reply } from '../../../test/render';
import { boardQuery } from '../test/data';
import { TeacherQueriesPage } from './teacher-queries-page';

afterEach(() => vi.unstubAllGlobals());

function board(unsolved: Query[], solved: Query[], update: (call: ApiCall) => Reply | Promise<Reply>) {
  return stubApi((call) => {
    if (call.path === '/api/queries-without-solution') return { status: 200, body: { queries: unsolved } };
    if (call.path === '/api/queries-with-solution') return { status: 200, body: { queries: solved } };
    return update(call);
  });
}

async function answer(topic: string, solution: string) {
  const card = await screen.findByRole('article', { name: topic });
  const user = userEvent.setup({ delay: null });
  if (solution) {
    await user.click(within(card).getByLabelText(/^Solution/));
    await user.paste(solution);
  }
  await user.click(within(card).getByRole('button', { name: 'Submit Solution' }));
  return card;
}

// Mantine's test mode keeps every tab panel mounted, so an empty list is looked for in the one on show.
// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('TeacherQueriesPage', { timeout: 15_000 }, () => {
  it('says when there are no queries', async () => {
    board([], [], () => ({ status: 500 }));
    renderScreen(<TeacherQueriesPage />, TEACHER);
    expect(await within(screen.getByRole('tabpanel')).findByText(MESSAGES.query.none)).toBeVisible();
  });

  it('says the board failed to load, not that it is empty, and loads it on retry', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    let failing = true;
    stubApi((call) => {
      if (failing) return { status: 503, body: { message: 'unavailable' } };
      if (call.path === '/api/queries-without-solution') {
        return { status: 200, body: { queries: [boardQuery({ topic: 'Recursion' })] } };
      }
      return { status: 200, body: { queries: [] } };
    });
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Could not load queries.');
    expect(within(panel).queryByText(MESSAGES.query.none)).not.toBeInTheDocument();
    failing = false;
    await userEvent.setup({ delay: null }).click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('article', { name: 'Recursion' })).toBeVisible();
  });

  it('refuses an empty solution without calling the server', async () => {
    const calls = board([boardQuery({ topic: 'Pointers' })], [], () => ({ status: 500 }));
    renderScreen(<TeacherQueriesPage />, TEACHER);
    await answer('Pointers', '   ');
    expect(screen.getByText(MESSAGES.solution.empty)).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows Submitting..., then the success message, and the query moves to Solved', async () => {
    const query = boardQuery({ topic: 'Pointers' });
    const unsolved = [query];
    const solved: Query[] = [];
    const reply = deferred<Reply>();
    const calls = board(unsolved, solved, () => reply.promise);
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const card = await answer('Pointers', 'A pointer holds an address.');

    expect(within(card).getByRole('button', { name: MESSAGES.submitting })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/queries/update-solution',
      body: { queryId: query._id, solution: 'A pointer holds an address.' },
    });
    const answered = {
      ...query,
      solution: 'A pointer holds an address.',
      solvedAt: '2030-04-29T10:00:00.000Z',
    };
    unsolved.length = 0;
    solved.push(answered);
    reply.resolve({ status: 200, body: answered });

    expect(await screen.findByText(MESSAGES.solution.updated)).toBeVisible();
    expect(await within(screen.getByRole('tabpanel')).findByText(MESSAGES.query.none)).toBeVisible();
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Solved Queries' }));
    const moved = await screen.findByRole('article', { name: 'Pointers' });
    expect(within(moved).getByRole('region', { name: 'Solution' })).toHaveTextContent(
      'A pointer holds an address.',
    );
  });

  it('shows the failure message when the server refuses', async () => {
    board([boardQuery({ topic: 'Pointers' })], [], () => ({
      status: 409,
      body: { message: 'This query has already been answered' },
    }));
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const card = await answer('Pointers', 'Answer');
    expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.solution.updateFailed);
  });

  it('shows the error message when the server cannot be reached', async () => {
    board([boardQuery({ topic: 'Pointers' })], [], () => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const card = await answer('Pointers', 'Answer');
    expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.solution.updateError);
  });

  it('hides a query as spam after confirming: it leaves the board, and Undo puts it back', async () => {
    const spam = boardQuery({ topic: 'Cheap followers' });
    const kept = boardQuery({ topic: 'Pointers' });
    const unsolved = [spam, kept];
    const calls = board(unsolved, [], (call) => {
      const hidden = (call.body as { hidden: boolean }).hidden;
      unsolved.splice(0, unsolved.length, ...(hidden ? [kept] : [spam, kept]));
      return { status: 200, body: { ...spam, hidden } };
    });
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Cheap followers' });
    await user.click(within(card).getByRole('button', { name: 'Hide as spam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this query as spam?' });
    expect(dialog).toHaveTextContent('Cheap followers');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Hide as spam' }));

    expect(await screen.findByRole('status')).toHaveTextContent('“Cheap followers” was hidden as spam.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/queries/${spam._id}/hidden`,
      body: { hidden: true },
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cheap followers' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Pointers' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('“Cheap followers” is on the board again.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ hidden: false });
    expect(await screen.findByRole('article', { name: 'Cheap followers' })).toBeVisible();
  });

  it('hides nothing when the teacher cancels', async () => {
    const calls = board([boardQuery({ topic: 'Cheap followers' })], [], () => ({ status: 500 }));
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Cheap followers' });
    await user.click(within(card).getByRole('button', { name: 'Hide as spam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this query as spam?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.getByRole('article', { name: 'Cheap followers' })).toBeVisible();
  });

  it('says why in the dialog when the server refuses, and keeps the query', async () => {
    board([boardQuery({ topic: 'Cheap followers' })], [], () => ({
      status: 429,
      body: { message: 'You can make 600 changes an hour. Try again in 12 minutes.' },
    }));
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Cheap followers' });
    await user.click(within(card).getByRole('button', { name: 'Hide as spam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this query as spam?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide as spam' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can make 600 changes an hour. Try again in 12 minutes.',
    );
    expect(screen.getByRole('article', { name: 'Cheap followers' })).toBeInTheDocument();
  });

  it('offers Hide as spam on solved queries too', async () => {
    board(
      [],
      [boardQuery({ topic: 'Answered spam', solution: 'No.', solvedAt: '2030-04-29T10:00:00.000Z' })],
      () => ({
        status: 500,
      }),
    );
    renderScreen(<TeacherQueriesPage />, TEACHER);
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Solved Queries' }));
    const card = await screen.findByRole('article', { name: 'Answered spam' });
    expect(within(card).getByRole('button', { name: 'Hide as spam' })).toBeVisible();
  });
});
