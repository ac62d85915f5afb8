import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FaqItem, FaqItemRequest, FaqUnmatched } from '@campus/contract';
import { json, renderScreen } from '../../../test/render';
import { AdminFaqPage } from './admin-faq-page';

afterEach(() => vi.unstubAllGlobals());

/** A tiny in-memory FAQ behind the same calls the server answers. */
function renderPage() {
  let items: FaqItem[] = [
    {
      id: '00000000-0000-4000-8000-000000000001',
      question: 'How do I reset my password?',
      answer: 'From View Profile.',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      question: 'Where is my attendance?',
      answer: 'Open Attendance.',
    },
  ];
  let unmatched: FaqUnmatched[] = [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      question: 'where is the canteen',
      times: 4,
      firstAskedAt: '2026-03-01T09:00:00.000Z',
      lastAskedAt: '2026-03-02T09:00:00.000Z',
    },
  ];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    const body = init.body ? (JSON.parse(init.body as string) as FaqItemRequest) : undefined;
    const id = url.split('/').pop()!;
    if (url === '/questions') return Promise.resolve(json(200, items));
    if (url === '/api/faq/unmatched') return Promise.resolve(json(200, unmatched));
    if (url.startsWith('/api/faq/unmatched/') && init.method === 'DELETE') {
      unmatched = unmatched.filter((u) => u.id !== id);
      return Promise.resolve(json(200, { message: 'Question removed from the list' }));
    }
    if (init.method === 'POST' && body?.question === 'Refused?') {
      return Promise.resolve(json(409, { message: 'This question is already in the FAQ' }));
    }
    if (init.method === 'POST' && body) {
      const added = {
        id: '00000000-0000-4000-8000-000000000003',
        question: body.question,
        answer: body.answer,
      };
      items = [...items, added];
      return Promise.resolve(json(201, added));
    }
    if (init.method === 'PUT' && body) {
      items = items.map((item) => (item.id === id ? { ...item, ...body } : item));
      return Promise.resolve(
        json(
          200,
          items.find((item) => item.id === id),
        ),
      );
    }
    if (init.method === 'DELETE') {
      items = items.filter((item) => item.id !== id);
      return Promise.resolve(json(200, { message: 'FAQ item removed' }));
    }
    return Promise.resolve(json(404, { message: 'not found' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const { user } = renderScreen(<AdminFaqPage />);
  return { fetchMock, user };
}

const list = () => screen.getByRole('region', { name: /^Questions/ });

// Whole Mantine forms in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('AdminFaqPage', { timeout: 20_000 }, () => {
  it('adds a question and shows it at once', async () => {
    const { fetchMock, user } = renderPage();
    expect(
      await within(list()).findByRole('heading', { name: 'Where is my attendance?' }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a question' });

    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    expect(within(form).getAllByText('is required')).toHaveLength(2);

    await user.click(within(form).getByRole('textbox', { name: /Question/ }));
    await user.paste('  Where is the library?  ');
    await user.click(within(form).getByRole('textbox', { name: /Answer/ }));
    await user.paste('Behind the main block.');
    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    expect(await within(list()).findByRole('heading', { name: 'Where is the library?' })).toBeInTheDocument();
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Question added.');
    await user.click(within(toast).getByRole('button', { name: 'View' }));
    expect(
      within(list()).getByRole('heading', { name: 'Where is the library?' }).closest('li'),
    ).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: /Question/ })).toHaveValue('');
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(JSON.parse(post[1].body as string)).toEqual({
      question: 'Where is the library?',
      answer: 'Behind the main block.',
    });
    expect(within(list()).getByRole('heading', { level: 2 })).toHaveTextContent('Questions (3)');
  });

  it('says in a toast which question could not be added, and keeps what was typed', async () => {
    const { user } = renderPage();
    const form = screen.getByRole('form', { name: 'Add a question' });
    await user.click(within(form).getByRole('textbox', { name: /Question/ }));
    await user.paste('Refused?');
    await user.click(within(form).getByRole('textbox', { name: /Answer/ }));
    await user.paste('No.');
    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not add the question “Refused?”');
    expect(toast).toHaveTextContent('This question is already in the FAQ');
    expect(within(form).getByRole('textbox', { name: /Question/ })).toHaveValue('Refused?');
  });

  it('edits a question in place', async () => {
    const { user } = renderPage();
    const item = (await within(list()).findByRole('heading', { name: 'Where is my attendance?' })).closest(
      'li',
    )!;
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit question: Where is my attendance?' });
    const answer = within(form).getByRole('textbox', { name: /Answer/ });
    await user.clear(answer);
    await user.click(answer);
    await user.paste('Open Attendance in the top bar.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(list()).findByText('Open Attendance in the top bar.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Question saved.');
  });

  it('deletes a question after confirming', async () => {
    const { fetchMock, user } = renderPage();
    const item = (
      await within(list()).findByRole('heading', { name: 'How do I reset my password?' })
    ).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this question?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Question deleted.');
    expect(
      within(list()).queryByRole('heading', { name: 'How do I reset my password?' }),
    ).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/faq/00000000-0000-4000-8000-000000000001',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('lists the questions that found nothing, and turns one into a new question', async () => {
    const { fetchMock, user } = renderPage();
    const section = screen.getByRole('region', { name: /^Unanswered questions/ });
    const entry = (await within(section).findByText('where is the canteen')).closest('li')!;
    expect(entry).toHaveTextContent('Asked 4 times');
    await user.click(within(entry).getByRole('button', { name: 'Add as FAQ question' }));

    const form = screen.getByRole('form', { name: 'Add a question' });
    expect(within(form).getByRole('textbox', { name: /Question/ })).toHaveValue('where is the canteen');
    await user.click(within(form).getByRole('textbox', { name: /Answer/ }));
    await user.paste('Next to the library.');
    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    expect(await within(list()).findByRole('heading', { name: 'where is the canteen' })).toBeInTheDocument();
    expect(await within(section).findByText('Nothing unanswered.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/faq/unmatched/00000000-0000-4000-8000-0000000000a1',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('dismisses an unanswered question', async () => {
    const { user } = renderPage();
    const section = screen.getByRole('region', { name: /^Unanswered questions/ });
    const entry = (await within(section).findByText('where is the canteen')).closest('li')!;
    await user.click(within(entry).getByRole('button', { name: 'Dismiss' }));
    expect(await within(section).findByText('Nothing unanswered.')).toBeInTheDocument();
  });
});
