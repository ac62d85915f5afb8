import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { newId } from '../../lib/ids';
import { DEFAULT_WRITE_LIMITS } from '../../lib/write-limits';

let t: TestApp;
let adminToken: string;
let studentToken: string;
let teacherToken: string;
let adminLoginId: number;

beforeAll(async () => {
  // The support form's limit as configured by default; each test sends from its own address.
  t = await createTestApp({ writeLimits: DEFAULT_WRITE_LIMITS });
  adminLoginId = (await createAdmin(t.handle.db)).loginId;
  adminToken = await login(t.app, adminLoginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db)).loginId);
  teacherToken = await login(t.app, (await createTeacher(t.handle.db)).loginId);
});
afterAll(() => t.close());

// Every test sends from its own address, so that the per-client rate limit of one never touches another.
let addressCounter = 0;
const nextAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const valid = { name: 'Asha Rao', email: 'asha.rao@example.edu', message: 'The attendance page is slow.' };

function send(payload: unknown, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/support-add',
    payload: payload as object,
    remoteAddress: options.remoteAddress ?? nextAddress(),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

const list = (query = '', token = adminToken) =>
  t.app.inject({ url: `/api/supports${query}`, headers: bearer(token) });

describe('POST /api/support-add', () => {
  it('works without a token, trims the texts, applies the defaults and answers 201 with the §8 message', async () => {
    const res = await send({ ...valid, name: '  Asha Rao  ', message: '\n The attendance page is slow. ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.support.sent);
    expect(body.message).toBe("Thank you for your feedback! We'll get back to you shortly.");
    expect(body.support).toEqual({
      _id: expect.any(String),
      reference: expect.stringMatching(/^SR-[0-9A-F]{8}$/),
      status: 'new',
      name: 'Asha Rao',
      email: 'asha.rao@example.edu',
      role: 'Student',
      queryType: 'Bug Report',
      message: 'The attendance page is slow.',
      createdAt: expect.any(String),
    });
    expect(new Date(body.support.createdAt).toISOString()).toBe(body.support.createdAt);
  });

  it('keeps the role and query type that were chosen, and accepts a signed-in sender too', async () => {
    const res = await send(
      { ...valid, role: 'Teacher', queryType: 'Query' },
      { headers: bearer(teacherToken) },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().support).toMatchObject({ role: 'Teacher', queryType: 'Query' });
  });

  it.each([
    ['a missing name', { email: valid.email, message: valid.message }, /^name is required/],
    ['a blank name', { ...valid, name: '   ' }, /^name is required/],
    [
      'a name over 100 characters',
      { ...valid, name: 'x'.repeat(101) },
      /^name must be at most 100 characters/,
    ],
    ['a missing email', { name: valid.name, message: valid.message }, /^email is required/],
    ['a bad email', { ...valid, email: 'not-an-email' }, /^email must be a valid email address/],
    ['a missing message', { name: valid.name, email: valid.email }, /^message is required/],
    [
      'a message over 5000 characters',
      { ...valid, message: 'x'.repeat(5001) },
      /^message must be at most 5000/,
    ],
    ['an unknown role', { ...valid, role: 'Admin' }, /^role must be Student or Teacher/],
    ['an unknown query type', { ...valid, queryType: 'Complaint' }, /^queryType must be Bug Report or Query/],
    ['a name that is not text', { ...valid, name: 42 }, /^name/],
  ])('refuses %s with 400 naming the field', async (_case, payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(message) });
  });

  it('accepts a message of exactly 5000 characters', async () => {
    expect((await send({ ...valid, message: 'y'.repeat(5000) })).statusCode).toBe(201);
  });

  it('answers malformed JSON with 400, a body over 1 MiB with 413, a form with 415 and a non-object with 400', async () => {
    const headers = { 'content-type': 'application/json' };
    const malformed = await send('{"name":', { headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON' });

    const huge = await send(JSON.stringify({ ...valid, message: 'z'.repeat(1_100_000) }), { headers });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: expect.stringMatching(/larger than 1 MiB/) });

    const form = await send('name=a', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: 'The request body must be JSON' });

    for (const [payload, contentType] of [
      ['name=a', 'text/plain'],
      ['[1,2]', 'application/json'],
      ['null', 'application/json'],
    ] as const) {
      const notObject = await send(payload, { headers: { 'content-type': contentType } });
      expect(notObject.statusCode).toBe(400);
      expect(notObject.json()).toEqual({ message: 'body must be a JSON object' });
    }
  });

  it(`limits each client to ${DEFAULT_WRITE_LIMITS.support} messages an hour with 429 saying when to retry`, async () => {
    const max = DEFAULT_WRITE_LIMITS.support;
    const address = nextAddress();
    for (let i = 0; i < max; i++) {
      const res = await send({ ...valid, message: `Message ${i}` }, { remoteAddress: address });
      expect(res.statusCode).toBe(201);
    }
    const countBefore = await t.handle.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();

    const limited = await send({ ...valid, message: 'One too many' }, { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: `Your network can send ${max} support messages an hour. Try again in 60 minutes.`,
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3600 - 30);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Nothing was stored; a bad request is still told what is wrong with it.
    const countAfter = await t.handle.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
    const bad = await send({ ...valid, email: 'nope' }, { remoteAddress: address });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^email/);

    // Another client is not affected.
    expect((await send(valid, { remoteAddress: nextAddress() })).statusCode).toBe(201);
  });
});

describe('GET /api/supports', () => {
  it('lists the Support Collection for admins, newest first, with the §3 fields', async () => {
    const tag = `order${randomUUID().slice(0, 8)}`;
    const rows = ['2030-01-01T10:00:00.000Z', '2030-01-03T10:00:00.000Z', '2030-01-02T10:00:00.000Z'].map(
      (createdAt, i) => ({
        id: newId(),
        name: `${tag} ${i}`,
        email: `${tag}${i}@example.edu`,
        role: i === 1 ? 'Teacher' : 'Student',
        query_type: 'Query',
        message: `Message ${i}`,
        created_at: createdAt,
      }),
    );
    await t.handle.db.insertInto('support_messages').values(rows).execute();

    const res = await list(`?search=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((m: { name: string }) => m.name)).toEqual([`${tag} 1`, `${tag} 2`, `${tag} 0`]);
    expect(body[0]).toEqual({
      _id: rows[1]!.id,
      reference: `SR-${rows[1]!.id.slice(-8).toUpperCase()}`,
      status: 'new',
      name: `${tag} 1`,
      email: `${tag}1@example.edu`,
      role: 'Teacher',
      queryType: 'Query',
      message: 'Message 1',
      createdAt: '2030-01-03T10:00:00.000Z',
    });
  });

  it('includes a message sent through the form', async () => {
    const email = `sent-${randomUUID().slice(0, 8)}@example.edu`;
    expect((await send({ ...valid, email })).statusCode).toBe(201);
    const body = (await list(`?search=${encodeURIComponent(email)}`)).json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ email, name: valid.name, role: 'Student', queryType: 'Bug Report' });
  });

  it('searches name, email and message case-insensitively, taking % and _ literally', async () => {
    const tag = randomUUID().slice(0, 8);
    await send({ name: `Zed ${tag}`, email: 'zed@example.edu', message: 'Hello' });
    await send({ name: 'Yan', email: `yan.${tag}@example.edu`, message: 'Hello' });
    await send({
      name: 'Xia',
      email: 'xia@example.edu',
      message: `Printer ${tag.toUpperCase()} is 100% broken_now`,
    });

    const found = (await list(`?search=${tag.toUpperCase()}`)).json();
    expect(found.map((m: { name: string }) => m.name).sort()).toEqual(['Xia', 'Yan', `Zed ${tag}`]);

    const percent = (await list(`?search=${encodeURIComponent('100% broken_')}`)).json();
    expect(percent.map((m: { name: string }) => m.name)).toEqual(['Xia']);
    expect((await list(`?search=${encodeURIComponent('1_0%')}`)).json()).toEqual([]);
  });

  it('pages with limit and offset and refuses a bad limit with 400 naming it', async () => {
    const tag = `page${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) await send({ ...valid, name: `${tag} ${i}` });
    const all = (await list(`?search=${tag}`)).json();
    expect(all).toHaveLength(3);
    const page = (await list(`?search=${tag}&limit=2&offset=1`)).json();
    expect(page).toEqual(all.slice(1, 3));
    const bad = await list('?limit=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit/);
    expect((await list('?limit=0')).statusCode).toBe(400);
  });

  it('refuses anonymous (401), students and teachers (403)', async () => {
    expect((await t.app.inject({ url: '/api/supports' })).statusCode).toBe(401);
    expect((await list('', studentToken)).statusCode).toBe(403);
    expect((await list('', teacherToken)).statusCode).toBe(403);
  });
});

describe('the support inbox: status of a message', () => {
  const setStatus = (id: string, payload: unknown, token: string | null = adminToken) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/supports/${id}/status`,
      payload: payload as object,
      ...(token ? { headers: bearer(token) } : {}),
    });
  const counts = async () =>
    (await t.app.inject({ url: '/api/supports/status-counts', headers: bearer(adminToken) })).json<
      Record<string, number>
    >();

  it('starts new, moves to in progress and resolved, counts each status and filters by it', async () => {
    const email = `inbox-${randomUUID().slice(0, 8)}@example.edu`;
    const before = await counts();
    const sent = (await send({ ...valid, email })).json().support;
    expect(sent.status).toBe('new');
    expect(await counts()).toEqual({ ...before, new: before.new! + 1 });

    const inProgress = await setStatus(sent._id, { status: 'in_progress' });
    expect(inProgress.statusCode).toBe(200);
    expect(inProgress.json()).toMatchObject({
      _id: sent._id,
      reference: sent.reference,
      status: 'in_progress',
    });
    expect(await counts()).toEqual({ ...before, in_progress: before.in_progress! + 1 });
    expect((await list(`?search=${email}&status=new`)).json()).toEqual([]);
    expect((await list(`?search=${email}&status=in_progress`)).json()).toHaveLength(1);

    expect((await setStatus(sent._id, { status: 'resolved' })).json().status).toBe('resolved');
    expect(await counts()).toEqual({ ...before, resolved: before.resolved! + 1 });
    const resolved = (await list('?status=resolved&limit=100')).json();
    expect(resolved.map((m: { _id: string }) => m._id)).toContain(sent._id);
    expect(resolved.every((m: { status: string }) => m.status === 'resolved')).toBe(true);

    // Reopened: back to new.
    expect((await setStatus(sent._id, { status: 'new' })).json().status).toBe('new');
    expect(await counts()).toEqual({ ...before, new: before.new! + 1 });
  });

  it('finds a message by its reference number', async () => {
    const sent = (await send({ ...valid, name: `Ref ${randomUUID().slice(0, 8)}` })).json().support;
    const found = (await list(`?search=${sent.reference}`)).json();
    expect(found.map((m: { _id: string }) => m._id)).toEqual([sent._id]);
    expect((await list(`?search=${sent.reference.toLowerCase()}`)).json()).toHaveLength(1);
  });

  it('records each change in the audit log under the reference number, with the new status', async () => {
    const sent = (await send(valid)).json().support;
    await setStatus(sent._id, { status: 'resolved' });
    const res = await t.app.inject({
      url: '/api/audit-log',
      query: { kind: 'support.status', actor: String(adminLoginId) },
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ target: sent.reference, detail: 'resolved' })]),
    );
  });

  it('refuses an unknown status, a missing body and a bad id with 400 naming the field; an unknown message 404', async () => {
    const sent = (await send(valid)).json().support;
    const unknown = await setStatus(sent._id, { status: 'closed' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/status must be new, in_progress or resolved/);
    expect((await setStatus(sent._id, {})).json().message).toMatch(/status/);
    const badId = await setStatus('not-an-id', { status: 'new' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id must be a valid id/);
    const missing = await setStatus(newId(), { status: 'new' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Support message not found');
    expect((await list(`?status=closed`)).statusCode).toBe(400);
  });

  it('admits admins only: anonymous 401, students and teachers 403, and nothing changes', async () => {
    const sent = (await send(valid)).json().support;
    expect((await setStatus(sent._id, { status: 'resolved' }, null)).statusCode).toBe(401);
    expect((await setStatus(sent._id, { status: 'resolved' }, studentToken)).statusCode).toBe(403);
    expect((await setStatus(sent._id, { status: 'resolved' }, teacherToken)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/supports/status-counts', headers: bearer(studentToken) })).statusCode,
    ).toBe(403);
    const [stored] = (await list(`?search=${sent.reference}`)).json();
    expect(stored.status).toBe('new');
  });
});
