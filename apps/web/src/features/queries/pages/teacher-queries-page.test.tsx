import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Query } from '@campus/contract';
import { logger } from '../../../lib/logger';
import { TEACHER, deferred, renderScreen, stubApi, type ApiCall, type Reply } from '../../../test/render';
import { boardQuery } from '../test/data';
import { TeacherQueriesPage } from './teacher-queries-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * A fake server: the teacher mentors CSE-A; the boards filter by group and mine as the server does,
 * sort by what is asked and answer the total in X-Total-Count.
 */
function board(
  unsolved: Query[],
  solved: Query[],
  other: (call: ApiCall) => Reply | Promise<Reply> = () => ({ status: 500 }),
  failing: () => boolean = () => false,
) {
  return stubApi((call) => {
    if (call.path === '/api/teacher-details/500001') {
      return { status: 200, body: { name: 'Meera Iyer', teacherId: 500001, groups: ['CSE-A'] } };
    }
    const list =
      call.path === '/api/queries-without-solution'
        ? unsolved
        : call.path === '/api/queries-with-solution'
          ? solved
          : null;
    if (!list) return other(call);
    if (failing()) return { status: 503, body: { message: 'unavailable' } };
    const params = call.search;
    let rows = list.filter(
      (q) =>
        (params.get('mine') !== 'true' || q.group === 'CSE-A') &&
        (!params.get('group') || q.group === params.get('group')),
    );
    const sort = params.get('sort');
    if (sort === 'name') rows = [...rows].sort((a, b) => a.name.localeCompare(b.name));
    if (sort === 'name' && params.get('order') === 'desc') rows.reverse();
    return new Response(JSON.stringify({ queries: rows }), {
      status: 200,
      headers: { 'content-type': 'application/json', 'X-Total-Count': String(rows.length) },
    });
  });
}

const row = (topic: RegExp | string) =>
  screen.findByRole('row', { name: typeof topic === 'string' ? new RegExp(`^${topic},`) : topic });

async function openAnswer(topic: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(within(await row(topic)).getByRole('button', { name: `Answer: ${topic}` }));
  return { user, dialog: await screen.findByRole('dialog', { name: topic }) };
}

async function answer(topic: string, solution: string) {
  const { user, dialog } = await openAnswer(topic);
  if (solution) {
    await user.click(within(dialog).getByLabelText(/^Solution/));
    await user.paste(solution);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Submit Solution' }));
  return dialog;
}

// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('TeacherQueriesPage', { timeout: 15_000 }, () => {
  it('opens on the tab, filters, sort and page its address names, as a reload or a shared link gives them', async () => {
    const calls = board([], [boardQuery({ topic: 'Arrays', name: 'Omar Ali', group: 'CSE-B' })]);
    renderScreen(<TeacherQueriesPage />, TEACHER, {
      search: '?tab=solved&group=CSE-B&mine=0&sort=name&order=desc&page=3',
    });
    expect(screen.getByRole('tab', { name: /Solved Queries/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('switch', { name: 'My mentees only' })).not.toBeChecked();
    const solvedAsked = () =>
      calls.filter((c) => c.path === '/api/queries-with-solution').map((c) => c.search);
    await waitFor(() => expect(solvedAsked().at(-1)?.get('sort')).toBe('name'));
    const asked = solvedAsked().at(-1)!;
    expect(asked.get('order')).toBe('desc');
    expect(asked.get('group')).toBe('CSE-B');
    expect(asked.get('mine')).toBeNull();
    expect(asked.get('offset')).toBe('100');
    expect(asked.get('limit')).toBe('50');
    // The other tab keeps its first page, newest first.
    const unsolved = calls.filter((c) => c.path === '/api/queries-without-solution').at(-1)!.search;
    expect([unsolved.get('sort'), unsolved.get('order'), unsolved.get('offset')]).toEqual([
      'createdAt',
      'desc',
      '0',
    ]);
  });

  it('lists the mentees’ unsolved queries as rows with student, group, query, likes, and counts on the tabs', async () => {
    board(
      [
        boardQuery({ topic: 'Pointers', name: 'Ravi Kumar', rollNo: 230003, group: 'CSE-A', likes: 3 }),
        boardQuery({ topic: 'Outside', name: 'Sana Bose', group: 'CSE-B' }),
      ],
      [
        boardQuery({
          topic: 'Done',
          group: 'CSE-A',
          solution: 'Yes',
          solvedBy: 'Meera Iyer',
          solvedAt: '2030-04-29T10:00:00.000Z',
        }),
      ],
    );
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const pointers = await row('Pointers');
    expect(pointers).toHaveTextContent('Ravi Kumar');
    expect(pointers).toHaveTextContent('230003');
    expect(pointers).toHaveTextContent('CSE-A');
    expect(pointers).toHaveTextContent('3');
    expect(screen.queryByRole('row', { name: /^Outside,/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'My mentees only' })).toBeChecked();
    expect(await screen.findByRole('tab', { name: 'Unsolved Queries (1)' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'Solved Queries (1)' })).toBeVisible();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('switch', { name: 'My mentees only' }));
    expect(await row('Outside')).toHaveTextContent('CSE-B');
    expect(await screen.findByRole('tab', { name: 'Unsolved Queries (2)' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: /^Solved Queries/ }));
    const done = await row('Done');
    expect(done).toHaveTextContent('Meera Iyer');
    expect(within(done).getByRole('button', { name: 'Hide as spam: Done' })).toBeVisible();
    expect(within(done).queryByRole('button', { name: /^Answer/ })).toBeNull();
  });

  it('sorts by a column from the server, and says which way', async () => {
    const calls = board(
      [
        boardQuery({ topic: 'First', name: 'Zed Rao', group: 'CSE-A' }),
        boardQuery({ topic: 'Second', name: 'Amy Das', group: 'CSE-A' }),
      ],
      [],
    );
    renderScreen(<TeacherQueriesPage />, TEACHER);
    await row('First');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByRole('button', { name: /^Student/ })[0]!);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.getAttribute('aria-label')),
      ).toEqual(['Second, asked by Amy Das (230002)', 'First, asked by Zed Rao (230002)']),
    );
    expect(screen.getAllByRole('columnheader', { name: /^Student/ })[0]).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const last = calls.filter((c) => c.path === '/api/queries-without-solution').at(-1)!;
    expect(Object.fromEntries(last.search)).toMatchObject({
      sort: 'name',
      order: 'asc',
      mine: 'true',
      limit: '50',
    });
  });

  it('says when there are no queries of the mentees, and offers every student’s', async () => {
    board([boardQuery({ topic: 'Outside', group: 'CSE-B' })], []);
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText(MESSAGES.query.none)).toBeVisible();
    await userEvent
      .setup({ delay: null })
      .click(within(panel).getByRole('button', { name: 'Show every student’s queries' }));
    expect(await row('Outside')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'My mentees only' })).not.toBeChecked();
  });

  it('says the board failed to load, not that it is empty, and loads it on retry', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    let failing = true;
    board([boardQuery({ topic: 'Recursion', group: 'CSE-A' })], [], undefined, () => failing);
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Could not load queries.');
    expect(within(panel).queryByText(MESSAGES.query.none)).not.toBeInTheDocument();
    failing = false;
    await userEvent.setup({ delay: null }).click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await row('Recursion')).toBeVisible();
  });

  it('refuses an empty solution without calling the server', async () => {
    const calls = board([boardQuery({ topic: 'Pointers', group: 'CSE-A' })], []);
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const dialog = await answer('Pointers', '   ');
    expect(within(dialog).getByText(MESSAGES.solution.empty)).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('answers in a dialog: Submitting..., then the success message, and the query moves to Solved', async () => {
    const query = boardQuery({ topic: 'Pointers', group: 'CSE-A', description: 'What is a pointer?' });
    const unsolved = [query];
    const solved: Query[] = [];
    const reply = deferred<Reply>();
    const calls = board(unsolved, solved, () => reply.promise);
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const dialog = await answer('Pointers', 'A pointer holds an address.');
    expect(dialog).toHaveTextContent('What is a pointer?');

    expect(within(dialog).getByRole('button', { name: MESSAGES.submitting })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/queries/update-solution',
      body: { queryId: query._id, solution: 'A pointer holds an address.' },
    });
    const answered = {
      ...query,
      solution: 'A pointer holds an address.',
      solvedBy: 'Meera Iyer',
      solvedAt: '2030-04-29T10:00:00.000Z',
    };
    unsolved.length = 0;
    solved.push(answered);
    reply.resolve({ status: 200, body: answered });

    // SPEC §8's words lead the toast, which says that this was the query's first answer.
    const toast = (await screen.findByText(MESSAGES.solution.updated)).closest('[role]')!;
    expect(toast).toHaveAttribute('role', 'status');
    expect(toast).toHaveTextContent('Answer posted to “Pointers”: its first answer.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(screen.getByRole('tabpanel')).findByText(MESSAGES.query.none)).toBeVisible();
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: /^Solved Queries/ }));
    expect(await row('Pointers')).toHaveTextContent('Meera Iyer');
  });

  it('shows the failure message in the dialog when the server refuses', async () => {
    board([boardQuery({ topic: 'Pointers', group: 'CSE-A' })], [], () => ({
      status: 409,
      body: { message: 'This query has already been answered' },
    }));
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const dialog = await answer('Pointers', 'Answer');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.solution.updateFailed);
  });

  it('shows the error message in the dialog when the server cannot be reached', async () => {
    board([boardQuery({ topic: 'Pointers', group: 'CSE-A' })], [], () => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const dialog = await answer('Pointers', 'Answer');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.solution.updateError);
  });

  it('hides a query as spam after confirming: it leaves the board, and Undo puts it back', async () => {
    const spam = boardQuery({ topic: 'Cheap followers', group: 'CSE-A' });
    const kept = boardQuery({ topic: 'Pointers', group: 'CSE-A' });
    const unsolved = [spam, kept];
    const calls = board(unsolved, [], (call) => {
      const hidden = (call.body as { hidden: boolean }).hidden;
      unsolved.splice(0, unsolved.length, ...(hidden ? [kept] : [spam, kept]));
      return { status: 200, body: { ...spam, hidden } };
    });
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const user = userEvent.setup({ delay: null });
    await user.click(
      within(await row('Cheap followers')).getByRole('button', { name: 'Hide as spam: Cheap followers' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide this query as spam?' });
    expect(dialog).toHaveTextContent('Cheap followers');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Hide as spam' }));

    expect(await screen.findByRole('status')).toHaveTextContent('“Cheap followers” was hidden as spam.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: `/api/queries/${spam._id}/hidden`,
      body: { hidden: true },
    });
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Cheap followers,/ })).toBeNull());
    expect(screen.getByRole('row', { name: /^Pointers,/ })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('“Cheap followers” is on the board again.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ hidden: false });
    expect(await row('Cheap followers')).toBeVisible();
  });

  it('hides nothing when the teacher cancels', async () => {
    const calls = board([boardQuery({ topic: 'Cheap followers', group: 'CSE-A' })], []);
    renderScreen(<TeacherQueriesPage />, TEACHER);
    const user = userEvent.setup({ delay: null });
    await user.click(
      within(await row('Cheap followers')).getByRole('button', { name: 'Hide as spam: Cheap followers' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide this query as spam?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.getByRole('row', { name: /^Cheap followers,/ })).toBeVisible();
  });
});
