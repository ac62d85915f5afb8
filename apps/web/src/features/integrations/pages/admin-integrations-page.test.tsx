import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiClientCreate } from '@campus/contract';
import { json, renderScreen } from '../../../test/render';
import { AdminIntegrationsPage, NO_CLIENTS } from './admin-integrations-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = `cp_${'k'.repeat(43)}`;

/** A tiny in-memory list of clients behind the same calls the server answers. */
function renderPage() {
  let clients: ApiClient[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    if (url === '/api/api-clients' && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as ApiClientCreate;
      const client: ApiClient = {
        id: '00000000-0000-4000-8000-000000000001',
        name: body.name,
        scopes: body.scopes,
        tokenHint: `${TOKEN.slice(0, 9)}…`,
        perMinute: body.perMinute ?? 600,
        createdAt: '2031-03-04T10:00:00.000Z',
        createdBy: 'Admin One',
        expiresAt: '2031-06-02T10:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      };
      clients = [client];
      return Promise.resolve(json(201, { message: 'Integration created.', client, token: TOKEN }));
    }
    if (url === '/api/api-clients') return Promise.resolve(json(200, clients));
    if (init.method === 'DELETE') {
      clients = clients.map((c) => ({ ...c, revokedAt: '2031-03-04T11:00:00.000Z' }));
      return Promise.resolve(json(200, { message: 'Integration revoked', client: clients[0] }));
    }
    return Promise.resolve(json(404, { message: 'not found' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const { user } = renderScreen(<AdminIntegrationsPage />);
  return { fetchMock, user };
}

const list = () => screen.getByRole('region', { name: /^Integrations/ });

// Whole Mantine forms in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('AdminIntegrationsPage', { timeout: 20_000 }, () => {
  it('creates a client, shows its token once, and revokes it after a confirm', async () => {
    const { fetchMock, user } = renderPage();
    expect(await within(list()).findByText(NO_CLIENTS)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Create an integration' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Registrar sync');
    await user.click(within(form).getByRole('checkbox', { name: /Read students' attendance/ }));
    await user.click(within(form).getByRole('button', { name: 'Create integration' }));

    const dialog = await screen.findByRole('dialog', { name: 'Integration token' });
    expect(within(dialog).getByRole('textbox', { name: 'Token' })).toHaveValue(TOKEN);
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const sent = JSON.parse(
      fetchMock.mock.calls.find(([, init]) => init.method === 'POST')![1].body as string,
    );
    expect(sent).toEqual({
      name: 'Registrar sync',
      scopes: ['read:attendance'],
      expiresInDays: 90,
      perMinute: 600,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Once closed, the token is nowhere on the page: the list shows only its first characters.
    expect(await within(list()).findByRole('heading', { name: 'Registrar sync' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(within(list()).getByText(/cp_kkkkkk…/)).toBeInTheDocument();
    expect(within(list()).getByText('Active')).toBeInTheDocument();

    await user.click(within(list()).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this integration?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(list()).findByText('Revoked')).toBeInTheDocument();
    expect(within(list()).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/api-clients/00000000-0000-4000-8000-000000000001',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('asks for a name and a scope before sending anything', async () => {
    const { fetchMock, user } = renderPage();
    await within(list()).findByText(NO_CLIENTS);
    const form = screen.getByRole('form', { name: 'Create an integration' });
    await user.click(within(form).getByRole('button', { name: 'Create integration' }));
    expect(await within(form).findByText(/must name at least one scope/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'POST')).toEqual([]);
  });
});
