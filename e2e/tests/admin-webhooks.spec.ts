import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from '../support/a11y';
import { bearer, unique } from '../support/accounts';
import { settle } from '../support/screens';
import { DEMO, signInAs } from '../support/session';

const SHOTS = '/tmp/shots-webhooks';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('an admin registers a webhook endpoint; a published notice reaches it signed, the log shows it and "Send again" sends it again', async ({
  page,
  request,
}) => {
  // The receiver, run by the test on loopback (the e2e server allows private targets).
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${unique()}`;
  mkdirSync(SHOTS, { recursive: true });

  try {
    await signInAs(page, DEMO.admin, /\/admin\/home$/);
    await page.goto('/admin/integrations');
    await settle(page);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();

    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByRole('textbox', { name: /URL/ }).fill(url);
    await form.getByRole('textbox', { name: /Description/ }).fill('Journey receiver');
    await form.getByRole('checkbox', { name: /A notice, event or mentor notice was published/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(dialog.getByText(/will not be shown again/)).toBeVisible();
    const secret = await dialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('body')).not.toContainText(secret);

    // A teacher publishes a notice: the endpoint hears of it, signed with its secret.
    const heading = `Webhook journey ${unique()}`;
    const published = await request.post('/api/create-notice', {
      headers: await bearer(request, DEMO.teacher),
      data: {
        type: 'generalNotice',
        data: { heading, contactEmail: 'office@campus.example.edu', description: 'Sent to the registrar.' },
      },
    });
    expect(published.status(), await published.text()).toBe(201);
    const ours = () => received.filter((r) => r.body.includes(heading));
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(1);
    const first = ours()[0]!;
    const headers = {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    };
    const event = new Webhook(secret).verify(first.body, headers) as {
      type: string;
      data: { title: string };
    };
    expect(event.type).toBe('notice.published');
    expect(event.data.title).toBe(heading);

    // The log shows the delivery.
    const card = page.getByRole('listitem').filter({ hasText: url });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = card.getByRole('list', { name: 'Deliveries' });
    const delivery = log.getByRole('listitem').filter({ hasText: headers['webhook-id'] });
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 204');
    await page.screenshot({ path: `${SHOTS}/admin-webhooks-1280.png`, fullPage: true });
    await expectAccessible(page);

    // Send again: the same message, with the same id, reaches the receiver once more.
    await delivery.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(2);
    expect(ours()[1]!.headers['webhook-id']).toBe(headers['webhook-id']);
    expect(ours()[1]!.body).toBe(first.body);
    await card.getByRole('button', { name: 'Refresh' }).click();
    await expect(delivery).toContainText('Delivered');

    // On a phone the section fits the width, and its controls are a finger's size.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const name of ['Send again', 'Rotate secret', 'Delete']) {
      const box = await card.getByRole('button', { name }).first().boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-webhooks-360.png`, fullPage: true });

    // Deleting it stops its deliveries.
    await card.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(card).toBeHidden();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
