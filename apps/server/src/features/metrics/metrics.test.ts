/** /metrics (format, counters, who may read it), liveness and readiness, and draining. */
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lifecycle } from '../../lib/lifecycle';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, login, PASSWORD } from '../../../test/fixtures';

let t: TestApp;
const lifecycle = new Lifecycle();
beforeAll(async () => {
  t = await createTestApp({ lifecycle });
});
afterAll(() => t.close());

const scrape = async (app = t) => {
  const res = await app.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The sum of the sample lines (`name{labels} value`) that carry these labels, 0 when none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

describe('GET /metrics', () => {
  it('answers Prometheus text whose counters move with requests, by route pattern', async () => {
    const admin = await createAdmin(t.handle.db);
    const token = await login(t.app, admin.loginId);
    const before = await scrape();
    expect(before).toMatch(/^# HELP campus_http_requests_total /m);
    expect(before).toMatch(/^# TYPE campus_http_request_duration_seconds histogram$/m);
    expect(before).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(before).toMatch(/^campus_event_streams_open 0$/m);
    expect(before).toMatch(/^campus_hash_queue_jobs\{state="waiting"\} 0$/m);
    // Email is off in this app: the queue is there, and empty.
    expect(before).toMatch(/^campus_mail_queue\{status="pending"\} 0$/m);

    for (const id of ['11', '12', '13']) {
      await t.app.inject({ url: `/api/notifications/${id}/read`, method: 'PUT', headers: bearer(token) });
    }
    // The campus's clock, which every pass list reads, is in memory already.
    const settings = await t.app.inject({ url: '/api/timetable-settings', headers: bearer(token) });
    expect(settings.statusCode).toBe(200);
    const hitsBefore = await scrape();
    for (let i = 0; i < 2; i++) {
      expect(
        (await t.app.inject({ url: '/api/gatepasses/pending?limit=5', headers: bearer(token) })).statusCode,
      ).toBe(200);
    }
    await t.app.inject({
      url: '/api/login',
      method: 'POST',
      payload: { userId: String(admin.loginId), password: 'not the password' },
    });
    const after = await scrape();

    const route = { method: 'PUT', route: '/api/notifications/:id/read' };
    expect(
      sample(after, 'campus_http_requests_total', route) -
        sample(before, 'campus_http_requests_total', route),
    ).toBe(3);
    // The raw URLs are nowhere: only the pattern.
    expect(after).not.toContain('/api/notifications/11/read');
    const passes = { method: 'GET', route: '/api/gatepasses/:status' };
    expect(sample(after, 'campus_http_request_duration_seconds_count', passes)).toBe(2);
    expect(sample(after, 'campus_sign_in_refusals_total', { reason: 'wrong credentials' })).toBe(
      sample(before, 'campus_sign_in_refusals_total', { reason: 'wrong credentials' }) + 1,
    );
    const hits = (text: string) =>
      sample(text, 'campus_read_cache_lookups_total', { kind: 'answers', result: 'hit' });
    // The list once, and the campus's clock for each read.
    expect(hits(after) - hits(hitsBefore)).toBe(3);
  });

  it('refuses an address METRICS_ALLOW does not name, and any request a proxy forwarded', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    const proxied = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.json<{ message: string }>().message).toMatch(/METRICS_ALLOW/);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('answers the networks an operator allows, and nobody with none', async () => {
    const open = await createTestApp({ metricsAllow: ['10.0.0.0/8'] });
    const closed = await createTestApp({ metricsAllow: [] });
    try {
      expect((await open.app.inject({ url: '/metrics', remoteAddress: '10.9.8.7' })).statusCode).toBe(200);
      expect((await open.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
      expect((await closed.app.inject({ url: '/metrics' })).statusCode).toBe(403);
    } finally {
      await open.close();
      await closed.close();
    }
  });
});

describe('liveness and readiness', () => {
  it('answers live and ready while serving', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('is not ready once its database is gone', async () => {
    const other = await createTestApp();
    await other.handle.db.destroy();
    try {
      const ready = await other.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'database unreachable' });
      expect((await other.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});

function openStream(port: number, token: string): Promise<{ res: IncomingMessage; text: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/api/events',
      headers: bearer(token),
      agent: false,
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      resolve({ res, text: new Promise((done) => res.on('end', () => done(text))) });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('draining', () => {
  it('answers not ready, asks open streams to reconnect and refuses new ones, and still serves requests', async () => {
    const student = await createStudent(t.handle.db);
    const token = await login(t.app, student.loginId);
    t.handle.live.publish({ roles: ['admin'] }, ['stats']);
    await expect.poll(() => t.handle.live.newestId).toBeDefined();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openStream(port, token);
    expect(stream.res.statusCode).toBe(200);
    await expect.poll(async () => sample(await scrape(), 'campus_event_streams_open')).toBe(1);

    lifecycle.drain();

    // The stream ends with a short retry, from which the browser reconnects (through the proxy).
    const said = await stream.text;
    expect(said).toMatch(/retry: \d{3}\n: this instance is stopping; reconnect\n\n$/);
    // It was given a place to resume from when it opened, though no event had reached it.
    expect(said).toContain(`id: ${t.handle.live.newestId}\n\n`);
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining' });
    const again = await t.app.inject({ url: '/api/events', headers: bearer(token) });
    expect(again.statusCode).toBe(503);
    expect(again.headers['retry-after']).toBe('1');
    expect(sample(await scrape(), 'campus_draining')).toBe(1);
    // A read is refused, so that the proxy resends it elsewhere and takes this instance out.
    const read = await t.app.inject({ url: '/api/get-notices', headers: bearer(token) });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('1');
    expect(read.json<{ message: string }>().message).toMatch(/stopping/);
    // A write is still answered: a proxy may not resend it.
    const signIn = await t.app.inject({
      url: '/api/login',
      method: 'POST',
      payload: { userId: String(student.loginId), password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
