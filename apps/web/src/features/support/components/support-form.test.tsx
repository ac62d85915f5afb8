import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type SupportAddResponse } from '@campus/contract';
import { json, renderScreen } from '../../../test/render';
import { SupportForm } from './support-form';

const saved = (body: Record<string, string>): SupportAddResponse => ({
  message: MESSAGES.support.sent,
  support: {
    _id: '5b0c6f4e-0d5e-4a8e-9a57-0f5a3c2b1d01',
    reference: 'SR-5B0C6F4E',
    status: 'new',
    name: body.name!,
    email: body.email!,
    role: body.role === 'Teacher' ? 'Teacher' : 'Student',
    queryType: body.queryType === 'Query' ? 'Query' : 'Bug Report',
    message: body.message!,
    createdAt: '2025-03-01T10:00:00.000Z',
  },
});

function stubFetch(answer: (body: Record<string, string>) => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, init: RequestInit) => answer(JSON.parse(init.body as string)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

function renderForm(prefill?: Parameters<typeof SupportForm>[0]['prefill']) {
  return renderScreen(<SupportForm prefill={prefill} />).user;
}

async function fillRequired(user: UserEvent) {
  await user.click(screen.getByRole('textbox', { name: /Name/ }));
  await user.paste('Asha Rao');
  await user.click(screen.getByRole('textbox', { name: /Email/ }));
  await user.paste('asha@example.edu');
  await user.click(screen.getByRole('textbox', { name: /Message/ }));
  await user.paste('The attendance page is blank.');
}

// Whole Mantine forms in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('SupportForm', { timeout: 20_000 }, () => {
  it('starts empty with role Student and query type Bug Report', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Message/ })).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Student');
    expect(screen.getByRole('combobox', { name: 'Query type' })).toHaveValue('Bug Report');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Student',
      'Teacher',
      'Bug Report',
      'Query',
    ]);
  });

  it('checks the fields with the contract schema before sending', async () => {
    const fetchMock = stubFetch((body) => Promise.resolve(json(201, saved(body))));
    const user = renderForm();
    await user.click(screen.getByRole('textbox', { name: /Email/ }));
    await user.paste('not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText('is required')).toHaveLength(2);
    expect(screen.getByText('must be a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the form, reads Submitting... while it runs, thanks the user and clears the form', async () => {
    let release!: () => void;
    const fetchMock = stubFetch(
      (body) => new Promise((resolve) => (release = () => resolve(json(201, saved(body))))),
    );
    const user = renderForm();
    await fillRequired(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Teacher');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Query type' }), 'Query');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const pending = await screen.findByRole('button', { name: MESSAGES.submitting });
    expect(pending).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/support-add');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.edu',
      role: 'Teacher',
      queryType: 'Query',
      message: 'The attendance page is blank.',
    });

    release();
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Message sent — reference SR-5B0C6F4E');
    expect(toast).toHaveTextContent(MESSAGES.support.sent);
    expect(toast).toHaveTextContent('Replies will go to asha@example.edu.');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Student');
  });

  it('shows the failure message when the server refuses', async () => {
    stubFetch(() => Promise.resolve(json(500, { message: 'Internal Server Error' })));
    const user = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.support.failed);
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('The attendance page is blank.');
  });

  it('adds the reason when the server gives one, such as the rate limit', async () => {
    const tooMany = 'Too many support messages from your network. Try again in 7 minutes.';
    stubFetch(() => Promise.resolve(json(429, { message: tooMany })));
    const user = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.support.failed);
    expect(alert).toHaveTextContent(tooMany);
  });

  it('shows the failure message when the network is down', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.support.failed);
  });

  it('fills in the signed-in user, keeps it editable and keeps it after sending', async () => {
    stubFetch((body) => Promise.resolve(json(201, saved(body))));
    const user = renderForm({ name: 'Meera Iyer', email: 'meera@example.edu', role: 'Teacher' });
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Meera Iyer');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('meera@example.edu');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Teacher');
    await user.clear(name);
    await user.click(name);
    await user.paste('Meera I.');
    expect(name).toHaveValue('Meera I.');
    await user.click(screen.getByRole('textbox', { name: /Message/ }));
    await user.paste('How do I change my group?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Message sent — reference SR-5B0C6F4E');
    expect(toast).toHaveTextContent(MESSAGES.support.sent);
    expect(toast).toHaveTextContent('Replies will go to meera@example.edu.');
    expect(name).toHaveValue('Meera Iyer');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
  });
});
