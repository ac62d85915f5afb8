import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '@campus/contract';
import { json, renderScreen } from '../../test/render';
import { NO_ENDPOINTS, WebhooksSection } from './webhooks-section';

afterEach(() => vi.unstubAllGlobals());

const SECRET = `whsec_${'A'.repeat(43)}=`;
const ID = '00000000-0000-4000-8000-000000000001';
const DELIVERY: WebhookDelivery = {
  id: '00000000-0000-4000-8000-000000000002',
  messageId: 'msg_00000000-0000-4000-8000-000000000002',
  kind: 'notice.published',
  status: 'failed',
  attempts: 8,
  responseStatus: 500,
  durationMs: 12,
  error: 'answered 500',
  createdAt: '2031-03-04T10:00:00.000Z',
  lastAttemptAt: '2031-03-04T12:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
};

/** The same calls the server answers, over a one-endpoint list in memory. */
function renderSection() {
  let endpoints: WebhookEndpoint[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    if (url === '/api/admin/webhooks' && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as WebhookEndpointInput;
      const endpoint: WebhookEndpoint = {
        id: ID,
        url: body.url,
        description: body.description ?? '',
        kinds: body.kinds,
        enabled: true,
        createdAt: '2031-03-04T10:00:00.000Z',
        updatedAt: '2031-03-04T10:00:00.000Z',
        previousSecretUntil: null,
        pending: 0,
        failed: 1,
      };
      endpoints = [endpoint];
      return Promise.resolve(
        json(201, { message: 'Endpoint added. Copy its signing secret now.', endpoint, secret: SECRET }),
      );
    }
    if (url === '/api/admin/webhooks') return Promise.resolve(json(200, endpoints));
    if (url.startsWith(`/api/admin/webhooks/${ID}/deliveries?`)) {
      return Promise.resolve(
        new Response(JSON.stringify([DELIVERY]), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-count': '1' },
        }),
      );
    }
    if (url.endsWith('/resend')) {
      return Promise.resolve(
        json(200, { message: 'sent again', delivery: { ...DELIVERY, status: 'pending' } }),
      );
    }
    return Promise.resolve(json(404, { message: 'not found' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const { user } = renderScreen(<WebhooksSection />);
  return { fetchMock, user };
}

describe('WebhooksSection', { timeout: 20_000 }, () => {
  it('adds an endpoint, shows its secret once, and sends a delivery again from its log', async () => {
    const { fetchMock, user } = renderSection();
    expect(await screen.findByText(NO_ENDPOINTS)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    await user.type(
      within(form).getByRole('textbox', { name: /URL/ }),
      'https://registrar.example.edu/hooks',
    );
    await user.click(within(form).getByRole('checkbox', { name: /A notice, event or mentor notice/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveValue(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    expect(await screen.findByText('answered 500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/admin/webhooks/${ID}/deliveries/${DELIVERY.id}/resend`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('asks for a URL and a kind before sending anything', async () => {
    const { fetchMock, user } = renderSection();
    const form = await screen.findByRole('form', { name: 'Add an endpoint' });
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('must be a URL')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      '/api/admin/webhooks',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
