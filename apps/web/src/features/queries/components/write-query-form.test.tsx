import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, QUERY_SUBMITTED_MESSAGE } from '@campus/contract';
import { STUDENT, deferred, renderScreen, stubApi, type Reply } from '../../../test/render';
import { boardQuery } from '../test/data';
import { WriteQueryForm } from './write-query-form';

afterEach(() => vi.unstubAllGlobals());

async function fill(values: { topic: string; tags: string; query: string }) {
  const user = userEvent.setup({ delay: null });
  for (const [label, text] of [
    [/^Topic/, values.topic],
    [/^Tags/, values.tags],
    [/^Query/, values.query],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    if (text) await user.paste(text);
  }
  await user.click(screen.getByRole('button', { name: 'Submit Query' }));
}

// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('WriteQueryForm', { timeout: 15_000 }, () => {
  it('splits tags on commas, trims them and drops empty ones', async () => {
    const answer = deferred<Reply>();
    const calls = stubApi((call) =>
      call.path === '/api/queries/similar' ? { status: 200, body: [] } : answer.promise,
    );
    const onView = vi.fn();
    renderScreen(<WriteQueryForm onView={onView} />, STUDENT);
    await fill({ topic: 'Hooks', tags: ' react , ,hooks,, state ,', query: 'When does useEffect run?' });

    expect(await screen.findByRole('button', { name: MESSAGES.submitting })).toBeDisabled();
    // The ask form also looks up similar questions as the topic is typed.
    const posts = calls.filter((c) => c.path === '/api/submit-query');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      topic: 'Hooks',
      tags: ['react', 'hooks', 'state'],
      query: 'When does useEffect run?',
      likes: 0,
      solution: 'null',
    });

    answer.resolve({ status: 201, body: { message: QUERY_SUBMITTED_MESSAGE, query: boardQuery() } });
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(QUERY_SUBMITTED_MESSAGE);
    await userEvent.setup({ delay: null }).click(within(toast).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/^Topic/)).toHaveValue('');
    expect(screen.getByLabelText(/^Tags/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit Query' })).toBeEnabled();
  });

  it('refuses tags that are only commas and spaces without calling the server', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderScreen(<WriteQueryForm />, STUDENT);
    await fill({ topic: 'Hooks', tags: ' , ,', query: 'Why?' });
    expect(screen.getByText('Tags must contain at least one tag')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('asks for every field', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderScreen(<WriteQueryForm />, STUDENT);
    await fill({ topic: '', tags: '', query: '' });
    expect(screen.getByText('Topic is required')).toBeVisible();
    expect(screen.getByText('Query is required')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('says when to try again when the student has submitted too many queries', async () => {
    const message = 'You can submit 10 queries an hour. Try again in 12 minutes.';
    stubApi(() => ({ status: 429, body: { message } }));
    renderScreen(<WriteQueryForm />, STUDENT);
    await fill({ topic: 'Hooks', tags: 'react', query: 'Why?' });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/^Topic/)).toHaveValue('Hooks');
  });

  it.each([
    ['the server refuses', () => ({ status: 400, body: { message: 'topic is required' } })],
    [
      'the server cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows the failure message when %s', async (_case, reply: () => Reply) => {
    stubApi(reply);
    renderScreen(<WriteQueryForm />, STUDENT);
    await fill({ topic: 'Hooks', tags: 'react', query: 'Why?' });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not post your query “Hooks”');
    expect(toast).toHaveTextContent(MESSAGES.query.submitFailed);
    expect(screen.getByLabelText(/^Topic/)).toHaveValue('Hooks');
  });
});

describe('WriteQueryForm: anonymity and similar questions', { timeout: 15_000 }, () => {
  it('sends anonymous when ticked, and shows similar questions as the topic is typed', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/queries/similar'
        ? {
            status: 200,
            body: [{ _id: 'q1', topic: 'Library wifi', highlight: '\u0002Library\u0003 wifi', solved: true }],
          }
        : { status: 201, body: { message: QUERY_SUBMITTED_MESSAGE, query: boardQuery() } },
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<WriteQueryForm />, STUDENT);
    await user.click(screen.getByLabelText(/^Topic/));
    await user.paste('Library hours');
    const similar = await screen.findByRole('region', { name: 'Similar questions' });
    expect(similar).toHaveTextContent('Library wifi (answered)');
    expect(similar.querySelector('mark')).toHaveTextContent('Library');
    await user.click(screen.getByRole('checkbox', { name: /Ask anonymously/ }));
    await user.click(screen.getByLabelText(/^Tags/));
    await user.paste('library');
    await user.click(screen.getByLabelText(/^Query/));
    await user.paste('When does it open?');
    await user.click(screen.getByRole('button', { name: 'Submit Query' }));
    await screen.findByRole('status');
    expect(calls.find((c) => c.path === '/api/submit-query')?.body).toMatchObject({ anonymous: true });
  });
});
