import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaqItem, FaqMatchResponse } from '@campus/contract';
import { json, renderScreen, urlOf } from '../../../test/render';
import { Chatbot, helpPathFor } from './chatbot';
import { MATCH_FAILED, NO_MATCH, NOT_SURE, SUPPORT_LINK } from './chat-messages';

const FAQ: FaqItem[] = Array.from({ length: 7 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i + 1}`,
  question: `Question ${i + 1}?`,
  answer: `Answer ${i + 1}.`,
}));

let matchAnswer: (q: string) => Response;
const fetchMock = vi.fn((input: string, init?: RequestInit) => {
  const url = urlOf(input);
  if (url.pathname === '/questions') return Promise.resolve(json(200, FAQ));
  if (url.pathname === '/api/faq/ask' && init?.method === 'POST') {
    return Promise.resolve(matchAnswer((JSON.parse(init.body as string) as { q: string }).q));
  }
  return Promise.resolve(json(404, { message: 'not found' }));
});

beforeEach(() => {
  matchAnswer = () => json(200, { match: null, suggestions: [] } satisfies FaqMatchResponse);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderChatbot(path = '/student/home') {
  return renderScreen(<Chatbot />, undefined, { path }).user;
}

async function openChat(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Open FAQ chat' }));
  const panel = await screen.findByRole('dialog', { name: 'FAQ chat' });
  await within(panel).findByRole('button', { name: 'Question 1?' });
  return panel;
}

const suggestionNames = (panel: HTMLElement) =>
  within(within(panel).getByRole('region', { name: 'Suggested questions' }))
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((name) => name?.startsWith('Question'));

// Whole Mantine forms in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('Chatbot', { timeout: 20_000 }, () => {
  it('opens and closes the panel from its button and with Escape', async () => {
    const user = renderChatbot();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    const toggle = screen.getByRole('button', { name: 'Open FAQ chat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await openChat(user);
    expect(screen.getByRole('button', { name: 'Close FAQ chat' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'FAQ chat' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close FAQ chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open FAQ chat' }));
    expect(await screen.findByRole('dialog')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open FAQ chat' })).toHaveFocus();
  });

  it('shows five suggestions at first, and Show More / Show Less when there are more', async () => {
    const user = renderChatbot();
    const panel = await openChat(user);
    expect(suggestionNames(panel)).toEqual([
      'Question 1?',
      'Question 2?',
      'Question 3?',
      'Question 4?',
      'Question 5?',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Show More' }));
    expect(suggestionNames(panel)).toHaveLength(7);

    await user.click(within(panel).getByRole('button', { name: 'Show Less' }));
    expect(suggestionNames(panel)).toHaveLength(5);
    expect(within(panel).getByRole('button', { name: 'Show More' })).toBeInTheDocument();
  });

  it('answers a chosen suggestion, removes it and scrolls to the newest message', async () => {
    const scrollIntoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const user = renderChatbot();
    const panel = await openChat(user);
    scrollIntoView.mockClear();

    await user.click(within(panel).getByRole('button', { name: 'Question 2?' }));
    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(within(log).getByText('Question 2?')).toBeInTheDocument();
    expect(within(log).getByText('Answer 2.')).toBeInTheDocument();
    expect(suggestionNames(panel)).toEqual([
      'Question 1?',
      'Question 3?',
      'Question 4?',
      'Question 5?',
      'Question 6?',
    ]);
    expect(scrollIntoView).toHaveBeenCalled();
    // Keyboard focus stays in the list, on the suggestion that took the chosen one's place.
    expect(within(panel).getByRole('button', { name: 'Question 3?' })).toHaveFocus();

    // Six left: Show More still offers the seventh; at five, the toggle goes away.
    await user.click(within(panel).getByRole('button', { name: 'Question 1?' }));
    expect(within(panel).queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
    expect(suggestionNames(panel)).toEqual([
      'Question 3?',
      'Question 4?',
      'Question 5?',
      'Question 6?',
      'Question 7?',
    ]);
    scrollIntoView.mockRestore();
  });

  it('answers a typed question with the best match from the server', async () => {
    matchAnswer = () => json(200, { match: FAQ[3]!, suggestions: [] } satisfies FaqMatchResponse);
    const user = renderChatbot();
    const panel = await openChat(user);

    await user.click(within(panel).getByRole('textbox', { name: 'Type your question' }));
    await user.paste('how do i qestion 4');
    await user.keyboard('{Enter}');
    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Answer 4.')).toBeInTheDocument();
    expect(within(log).getByText('how do i qestion 4')).toBeInTheDocument();
    const askCall = fetchMock.mock.calls.find(([url]) => url === '/api/faq/ask');
    expect(JSON.parse(askCall?.[1]?.body as string)).toEqual({ q: 'how do i qestion 4' });
    expect(within(panel).getByRole('textbox', { name: 'Type your question' })).toHaveValue('');
    expect(suggestionNames(panel)).not.toContain('Question 4?');
  });

  it('offers the support form of the current area when nothing matches', async () => {
    const user = renderChatbot('/teacher/attendance');
    const panel = await openChat(user);

    await user.click(within(panel).getByRole('textbox', { name: 'Type your question' }));
    await user.paste('zzqx blorp');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText(new RegExp(NO_MATCH))).toBeInTheDocument();
    expect(within(log).getByRole('link', { name: SUPPORT_LINK })).toHaveAttribute('href', '/teacher/help');
  });

  it('offers the closest questions when it is not sure, and answers the one chosen', async () => {
    matchAnswer = () =>
      json(200, { match: null, suggestions: [FAQ[1]!, FAQ[5]!] } satisfies FaqMatchResponse);
    const user = renderChatbot('/student/home');
    const panel = await openChat(user);

    await user.click(within(panel).getByRole('textbox', { name: 'Type your question' }));
    await user.paste('my gate pass was rejected why');
    await user.keyboard('{Enter}');
    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText(NOT_SURE)).toBeInTheDocument();
    expect(within(log).getByRole('link', { name: SUPPORT_LINK })).toHaveAttribute('href', '/student/help');
    await user.click(within(log).getByRole('button', { name: 'Question 6?' }));
    expect(await within(log).findByText('Answer 6.')).toBeInTheDocument();
    expect(suggestionNames(panel)).not.toContain('Question 6?');
  });

  it("links the screens an answer names to the reader's area", async () => {
    const gatepass = { ...FAQ[0]!, answer: 'Go to Gatepass and open Apply for Gate Pass.' };
    matchAnswer = () => json(200, { match: gatepass, suggestions: [] } satisfies FaqMatchResponse);
    const user = renderChatbot('/student/attendance');
    const panel = await openChat(user);
    await user.click(within(panel).getByRole('textbox', { name: 'Type your question' }));
    await user.paste('gate pass');
    await user.keyboard('{Enter}');
    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByRole('link', { name: 'Gatepass' })).toHaveAttribute(
      'href',
      '/student/gatepass',
    );
    await user.click(within(log).getByRole('link', { name: 'Gatepass' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the matcher cannot be reached', async () => {
    matchAnswer = () => json(500, { message: 'boom' });
    const user = renderChatbot();
    const panel = await openChat(user);
    await user.click(within(panel).getByRole('textbox', { name: 'Type your question' }));
    await user.paste('anything');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).getByText(MATCH_FAILED)).toBeInTheDocument());
  });

  it('links each area to its own help page', () => {
    expect(helpPathFor('/student/home')).toBe('/student/help');
    expect(helpPathFor('/teacher/queries')).toBe('/teacher/help');
    expect(helpPathFor('/admin/faq')).toBe('/admin/help');
    expect(helpPathFor('/elsewhere')).toBe('/support');
  });
});
