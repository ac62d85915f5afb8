/**
 * Signed webhooks against a real receiver on loopback: signatures checked with the specification's
 * reference implementation (`standardwebhooks`), a retry after a 500, no redirect followed, the
 * secret's rotation, nothing sent to a private address unless allowed, events queued with their
 * change only, and admins alone managing endpoints.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookSecretAnswer } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';
import { newId } from '../../lib/ids';
import { gateRepository } from '../gate/repository';
import { leaveRepository } from '../leave/repository';
import { isPublicAddress } from './addresses';
import { pruneDeliveries } from './repository';
import { signatureHeader } from './signing';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1: what it got, and how it answers the next requests (200 unless told). */
function receiver() {
  const received: Received[] = [];
  const answers: ((res: ServerResponse) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = answers.shift();
      if (answer) answer(res);
      else res.writeHead(200).end('ok');
    });
  });
  return {
    received,
    answers,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const clock = testClock();
let t: TestApp;
let strict: TestApp;
let admin: Person;
let adminToken: string;
let strictAdminToken: string;
let teacher: Person;
let teacherToken: string;
let student: StudentPerson;
let studentToken: string;
const sink = receiver();
let base: string;

beforeAll(async () => {
  base = await sink.start();
  t = await createTestApp({
    now: clock.now,
    webhooks: { allowPrivate: true, backoffMs: 30_000, maxAttempts: 3 },
  });
  strict = await createTestApp({ now: clock.now });
  admin = await createAdmin(t.handle.db);
  adminToken = await login(t.app, admin.loginId);
  strictAdminToken = await login(strict.app, (await createAdmin(strict.handle.db)).loginId);
  teacher = await createTeacher(t.handle.db, { groups: ['W-1'] });
  teacherToken = await login(t.app, teacher.loginId);
  student = await createStudent(t.handle.db, { group: 'W-1' });
  studentToken = await login(t.app, student.loginId);
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await sink.close();
});
beforeEach(() => {
  sink.received.length = 0;
  sink.answers.length = 0;
});
// Each test's endpoints and deliveries go with it.
afterEach(async () => {
  for (const app of [t, strict]) {
    await app.handle.db.deleteFrom('webhook_deliveries').execute();
    await app.handle.db.deleteFrom('webhook_endpoints').execute();
    app.app.webhooks.forget();
  }
});

const call = (
  app: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Registers an endpoint on the receiver (at `path`) for `kinds`; answers it with its secret. */
async function register(
  kinds: string[],
  path = `/hook/${newId()}`,
): Promise<WebhookSecretAnswer & { path: string }> {
  const res = await call(t, 'POST', '/api/admin/webhooks', adminToken, { url: `${base}${path}`, kinds });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<WebhookSecretAnswer>(), path };
}

const sentTo = (path: string) => sink.received.filter((r) => r.path === path);

/** An endpoint's log as the list answers it: the rows asked for, and the whole count in its header. */
async function log(endpointId: string, query = ''): Promise<{ items: WebhookDelivery[]; total: number }> {
  const res = await call(t, 'GET', `/api/admin/webhooks/${endpointId}/deliveries${query}`, adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json<WebhookDelivery[]>(), total: Number(res.headers['x-total-count']) };
}

/** The reference implementation's check, at the app's time (it refuses a timestamp 5 minutes off). */
function verify(secret: string, r: Received) {
  vi.useFakeTimers({ toFake: ['Date'], now: clock.now() });
  try {
    return new Webhook(secret).verify(r.body, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: Record<string, unknown> };
  } finally {
    vi.useRealTimers();
  }
}

const publish = (heading: string) =>
  call(t, 'POST', '/api/create-notice', teacherToken, {
    type: 'generalNotice',
    data: { heading, contactEmail: 'office@campus.example.edu', description: 'Read me.' },
  });

describe('deliveries', () => {
  it('signs each delivery as the specification says: the reference implementation verifies it', async () => {
    const endpoint = await register(['notice.published']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(JSON.stringify(endpoint.endpoint)).not.toContain(endpoint.secret);
    const res = await publish('Exams moved');
    expect(res.statusCode, res.body).toBe(201);
    await t.app.webhooks.tick();
    const [got] = sentTo(endpoint.path);
    expect(got).toBeDefined();
    expect(got!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(got!.headers['content-type']).toBe('application/json');
    const event = verify(endpoint.secret, got!);
    expect(event.type).toBe('notice.published');
    expect(event.data).toMatchObject({
      noticeId: res.json<{ notice: { _id: string } }>().notice._id,
      type: 'generalNotice',
      title: 'Exams moved',
      audience: 'all',
    });
    // Another secret's signature is refused.
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, got!)).toThrow();
    const page = await log(endpoint.endpoint.id);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      kind: 'notice.published',
      messageId: got!.headers['webhook-id'],
    });
    expect(page.items[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('tries again after a 500, with the same webhook-id, waiting out the backoff', async () => {
    const endpoint = await register(['notice.published']);
    sink.answers.push((res) => res.writeHead(500).end('down'));
    expect((await publish('Retry me')).statusCode).toBe(201);
    await t.app.webhooks.tick();
    let [item] = (await log(endpoint.endpoint.id)).items;
    expect(item).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      error: 'answered 500',
    });
    // Not due yet: nothing more is sent.
    await t.app.webhooks.tick();
    expect(sentTo(endpoint.path)).toHaveLength(1);
    clock.advance(31_000);
    await t.app.webhooks.tick();
    const [first, second] = sentTo(endpoint.path);
    expect(second).toBeDefined();
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(verify(endpoint.secret, second!).type).toBe('notice.published');
    [item] = (await log(endpoint.endpoint.id)).items;
    expect(item).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200, error: null });
  });

  it('gives up after the limit, and "send again" sends it once more', async () => {
    const endpoint = await register(['notice.published']);
    for (let i = 0; i < 3; i++) sink.answers.push((res) => res.writeHead(503).end());
    expect((await publish('Give up')).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      await t.app.webhooks.tick();
      clock.advance(5 * 60_000);
    }
    let [item] = (await log(endpoint.endpoint.id, '?status=failed')).items;
    expect(item).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 503 });
    const list = await call(t, 'GET', '/api/admin/webhooks', adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json<WebhookEndpoint[]>().find((e) => e.id === endpoint.endpoint.id)).toMatchObject({
      failed: 1,
    });

    const again = await call(
      t,
      'POST',
      `/api/admin/webhooks/${endpoint.endpoint.id}/deliveries/${item!.id}/resend`,
      adminToken,
    );
    expect(again.statusCode, again.body).toBe(200);
    await t.app.webhooks.tick();
    expect(sentTo(endpoint.path)).toHaveLength(4);
    [item] = (await log(endpoint.endpoint.id)).items;
    expect(item).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });
    const unknown = await call(
      t,
      'POST',
      `/api/admin/webhooks/${endpoint.endpoint.id}/deliveries/${newId()}/resend`,
      adminToken,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('follows no redirect: a 3xx is a failure and the other address hears nothing', async () => {
    const endpoint = await register(['notice.published']);
    sink.answers.push((res) => res.writeHead(302, { location: `${base}/elsewhere` }).end());
    expect((await publish('Redirected')).statusCode).toBe(201);
    await t.app.webhooks.tick();
    expect(sentTo('/elsewhere')).toHaveLength(0);
    const [item] = (await log(endpoint.endpoint.id)).items;
    expect(item).toMatchObject({ status: 'pending', responseStatus: 302 });
    expect(item!.error).toContain('redirects are not followed');
  });

  it('prunes delivered and failed deliveries older than the retention, never waiting ones', async () => {
    const endpoint = await register(['notice.published']);
    expect((await publish('Old news')).statusCode).toBe(201);
    expect((await publish('Still waiting')).statusCode).toBe(201);
    const [older] = (await log(endpoint.endpoint.id)).items.slice(-1);
    await t.handle.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered' })
      .where('id', '=', older!.id)
      .execute();
    const later = new Date(clock.now() + 31 * 86_400_000).toISOString();
    expect(await pruneDeliveries(t.handle.db, later)).toBe(1);
    const left = await log(endpoint.endpoint.id);
    expect(left.items.map((d) => d.status)).toEqual(['pending']);
  });

  it('pages the log on the server, newest first, and filters it by status', async () => {
    const endpoint = await register(['notice.published']);
    for (let i = 0; i < 3; i++) {
      expect((await publish(`Page ${i}`)).statusCode).toBe(201);
      clock.advance(1000);
    }
    const first = await log(endpoint.endpoint.id, '?limit=2');
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.createdAt >= first.items[1]!.createdAt).toBe(true);
    const rest = await log(endpoint.endpoint.id, '?limit=2&offset=2');
    expect(rest.items).toHaveLength(1);
    expect((await log(endpoint.endpoint.id, '?status=delivered')).total).toBe(0);
    await t.app.webhooks.tick();
    expect((await log(endpoint.endpoint.id, '?status=delivered')).total).toBe(3);
    const bad = await call(
      t,
      'GET',
      `/api/admin/webhooks/${endpoint.endpoint.id}/deliveries?limit=0`,
      adminToken,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('secrets', () => {
  it('rotates: both secrets sign during the grace period, then only the new one', async () => {
    const endpoint = await register(['notice.published']);
    const res = await call(t, 'POST', `/api/admin/webhooks/${endpoint.endpoint.id}/rotate`, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json<WebhookSecretAnswer>();
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.endpoint.previousSecretUntil).not.toBeNull();
    expect((await publish('Rotated')).statusCode).toBe(201);
    await t.app.webhooks.tick();
    const [during] = sentTo(endpoint.path);
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.secret, during!).type).toBe('notice.published');
    expect(verify(endpoint.secret, during!).type).toBe('notice.published');

    // The grace period ends.
    await t.handle.db
      .updateTable('webhook_endpoints')
      .set({ previous_until: new Date(clock.now() - 1000).toISOString() })
      .where('id', '=', endpoint.endpoint.id)
      .execute();
    expect((await publish('After the grace')).statusCode).toBe(201);
    await t.app.webhooks.tick();
    const after = sentTo(endpoint.path)[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(rotated.secret, after).type).toBe('notice.published');
    expect(() => verify(endpoint.secret, after)).toThrow();
  });

  it('keeps the secret sealed in the table, and signs as the reference implementation does', async () => {
    const endpoint = await register(['person.changed']);
    const row = await t.handle.db
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', endpoint.endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(endpoint.secret.slice(6, 20));
    const at = new Date('2031-01-01T00:00:00Z');
    expect(signatureHeader([endpoint.secret], 'msg_1', at.getTime() / 1000, '{"a":1}')).toBe(
      new Webhook(endpoint.secret).sign('msg_1', at, '{"a":1}'),
    );
  });
});

describe('private targets', () => {
  it('refuses to register loopback, private and link-local addresses, by address or by name', async () => {
    for (const url of [
      `${base}/nope`,
      'http://localhost:9/nope',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await call(strict, 'POST', '/api/admin/webhooks', strictAdminToken, {
        url,
        kinds: ['gate.exit'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/not a public address|could not be found/);
    }
    const ftp = await call(strict, 'POST', '/api/admin/webhooks', strictAdminToken, {
      url: 'ftp://example.com/x',
      kinds: ['gate.exit'],
    });
    expect(ftp.statusCode).toBe(400);
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    expect(isPublicAddress('fd00::1')).toBe(false);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
  });

  it('sends nothing to 127.0.0.1 when private targets are not allowed, checked again at send time', async () => {
    // Saved while the name pointed elsewhere (DNS rebinding) or written by hand: refused when sent.
    const strictAdmin = await strict.handle.db
      .selectFrom('admins')
      .select('account_id')
      .executeTakeFirstOrThrow();
    const at = new Date(clock.now()).toISOString();
    for (const [i, url] of [
      `${base}/rebound`,
      `${base.replace('127.0.0.1', 'localhost')}/rebound`,
    ].entries()) {
      await strict.handle.db
        .insertInto('webhook_endpoints')
        .values({
          id: newId(clock.now() + i),
          url,
          description: '',
          kinds: 'notice.published',
          enabled: 1,
          secret: strict.app.webhooks.box.seal(`whsec_${Buffer.alloc(32, 1).toString('base64')}`),
          previous_secret: null,
          previous_until: null,
          created_by: strictAdmin.account_id,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    strict.app.webhooks.forget();
    const teacher = await createTeacher(strict.handle.db);
    const res = await strict.app.inject({
      method: 'POST',
      url: '/api/create-notice',
      headers: bearer(await login(strict.app, teacher.loginId)),
      payload: {
        type: 'generalNotice',
        data: { heading: 'Not for loopback', contactEmail: 'office@campus.example.edu', description: 'x' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await strict.app.webhooks.tick();
    expect(sentTo('/rebound')).toHaveLength(0);
    const rows = await strict.handle.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'last_error'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.last_error).toMatch(/^refused: (127\.0\.0\.1|::1) is not a public address/);
    }
  });
});

describe('events', () => {
  it('queues nothing, and reads nothing, for a kind no endpoint listens to', async () => {
    await register(['gate.return']);
    expect(await t.app.webhooks.wants('gate.overdue')).toBe(false);
    const before = await t.handle.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    await t.app.webhooks.emit('gate.overdue', () => {
      throw new Error('built although nobody listens');
    });
    const after = await t.handle.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('queues an event with its change only: a rolled-back change sends nothing', async () => {
    const endpoint = await register(['person.created']);
    await expect(
      t.handle.db.transaction().execute(async (trx) => {
        await t.app.webhooks.emit('person.created', { role: 'student', userId: 1 }, trx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await log(endpoint.endpoint.id)).total).toBe(0);
  });

  it('tells of marked attendance with the marks, and nothing for a mark refused', async () => {
    const endpoint = await register(['attendance.marked']);
    const day = new Date(clock.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const refused = await call(t, 'POST', '/api/mark-attendance', teacherToken, {
      date: day,
      attendanceRecords: [
        { studentId: student.rollNo, status: 'Present' },
        { studentId: 999_999_998, status: 'Present' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect((await log(endpoint.endpoint.id)).total).toBe(0);
    const res = await call(t, 'POST', '/api/mark-attendance', teacherToken, {
      date: day,
      attendanceRecords: [{ studentId: student.rollNo, status: 'Absent' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.webhooks.tick();
    const [got] = sentTo(endpoint.path);
    expect(verify(endpoint.secret, got!).data).toEqual({
      date: day,
      markedBy: expect.any(Number),
      marks: [{ rollNo: student.rollNo, status: 'Absent' }],
    });
  });

  it("tells of a lecture's marks, with the lecture and each changed mark", async () => {
    const endpoint = await register(['attendance.marked']);
    const dayMs = 86_400_000;
    const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const settings = await call(t, 'PUT', '/api/timetable-settings', adminToken, {
      termStart: isoDay(clock.now() - 30 * dayMs),
      termEnd: isoDay(clock.now() + 30 * dayMs),
      timeZone: 'UTC',
      lateCounts: 'half',
      minPercent: 75,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const course = await call(t, 'POST', '/api/courses', adminToken, {
      code: 'WH101',
      name: 'Hooks',
      credits: 3,
    });
    expect(course.statusCode, course.body).toBe(201);
    // Last week's lecture on the same weekday: it has begun, whatever the time now.
    const date = isoDay(clock.now() - 7 * dayMs);
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const period = await call(t, 'POST', '/api/periods', adminToken, {
      course: 'WH101',
      group: 'W-1',
      weekday,
      start: '09:00',
      end: '09:50',
      room: 'WH-1',
      teacherId: teacher.loginId,
    });
    expect(period.statusCode, period.body).toBe(201);
    const periodId = period.json<{ period: { _id: string } }>().period._id;
    const marked = await call(t, 'POST', `/api/lectures/${periodId}/${date}/marks`, teacherToken, {
      records: [{ studentId: student.rollNo, status: 'Late', lateMinutes: 10 }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await t.app.webhooks.tick();
    const [got] = sentTo(endpoint.path);
    expect(verify(endpoint.secret, got!).data).toEqual({
      date,
      markedBy: teacher.loginId,
      lecture: { periodId, course: 'WH101', group: 'W-1', start: '09:00' },
      marks: [{ rollNo: student.rollNo, status: 'Late', lateMinutes: 10 }],
    });
  });

  it('tells of a gate exit and return, and of decided leave', async () => {
    const endpoint = await register(['gate.exit', 'gate.return', 'leave.decided']);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const passId = newId();
    await t.handle.db
      .insertInto('gate_passes')
      .values({
        id: passId,
        roll_no: student.rollNo,
        contact: '9876543210',
        date: today,
        time: '10:00',
        reason: 'Bank',
        status: 'approved',
        created_at: new Date(clock.now()).toISOString(),
        decided_by: null,
        decided_at: null,
      })
      .execute();
    const gate = gateRepository(t.handle.db, clock.now, async () => 'UTC', t.app.webhooks);
    expect(await gate.exit(passId, admin.accountId)).toBe(true);
    expect(await gate.exit(passId, admin.accountId)).toBe(false);
    expect(await gate.return(passId, admin.accountId)).toBe(true);
    // Out past its return time: the sweep claims it once and queues gate.overdue with the claim.
    const late = newId();
    await t.handle.db
      .insertInto('gate_passes')
      .values({
        id: late,
        roll_no: student.rollNo,
        contact: '9876543210',
        date: '2020-01-01',
        time: '10:00',
        reason: 'Bank',
        status: 'approved',
        created_at: new Date(clock.now()).toISOString(),
        decided_by: null,
        decided_at: null,
        return_by: '12:00',
        exited_at: '2020-01-01T04:40:00.000Z',
      })
      .execute();
    const overdue = await register(['gate.overdue']);
    expect((await gate.claimOverdue()).map((r) => r.id)).toContain(late);
    expect(await gate.claimOverdue()).toEqual([]);
    const leave = leaveRepository(t.handle.db, t.app.webhooks);
    const applied = await leave.create({
      rollNo: student.rollNo,
      from: '2031-05-01',
      to: '2031-05-02',
      reason: 'Fever',
    });
    expect((await leave.decide(applied!._id, 'approved', admin.accountId)).kind).toBe('done');
    await t.app.webhooks.tick();
    const events = sentTo(endpoint.path).map((r) => verify(endpoint.secret, r));
    expect(events.map((e) => e.type).sort()).toEqual(['gate.exit', 'gate.return', 'leave.decided']);
    expect(events.find((e) => e.type === 'gate.exit')!.data).toMatchObject({
      gatePassId: passId,
      rollNo: student.rollNo,
      date: today,
      returnedAt: null,
    });
    expect(events.find((e) => e.type === 'leave.decided')!.data).toMatchObject({
      leaveId: applied!._id,
      rollNo: student.rollNo,
      status: 'approved',
      from: '2031-05-01',
      to: '2031-05-02',
    });
    const [late1] = sentTo(overdue.path).map((r) => verify(overdue.secret, r));
    expect(late1).toMatchObject({
      type: 'gate.overdue',
      data: { gatePassId: late, rollNo: student.rollNo, returnBy: '12:00' },
    });
    expect(sentTo(overdue.path)).toHaveLength(1);
    // No name, email or phone number leaves in an event.
    for (const r of sentTo(endpoint.path)) {
      expect(r.body).not.toContain(student.name);
      expect(r.body).not.toContain('9876543210');
    }
  });

  it('tells of a person added, edited and deactivated, naming the fields changed but never their values', async () => {
    const endpoint = await register(['person.created', 'person.changed']);
    const rollNo = 240_000 + Math.floor(Math.random() * 50_000);
    const body = {
      RollNo: String(rollNo),
      name: 'Kavya Menon',
      FatherName: 'Ravi Menon',
      MotherName: '',
      Gender: 'Female',
      Dob: '2005-03-14',
      Category: 'General',
      phoneNo: '98765 43210',
      email: 'kavya.menon@campus.example.edu',
      group: 'W-1',
    };
    const made = await call(t, 'POST', '/api/students', adminToken, body);
    expect(made.statusCode, made.body).toBe(201);
    const edited = await call(t, 'PUT', `/api/students/${rollNo}`, adminToken, {
      ...body,
      RollNo: undefined,
      email: 'kavya@campus.example.edu',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const off = await call(t, 'PUT', `/api/students/${rollNo}/active`, adminToken, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    await t.app.webhooks.tick();
    const events = sentTo(endpoint.path).map((r) => verify(endpoint.secret, r));
    expect(events.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { role: 'student', userId: rollNo },
        { role: 'student', userId: rollNo, fields: ['email'] },
        { role: 'student', userId: rollNo, fields: ['active'] },
      ]),
    );
    expect(events).toHaveLength(3);
    for (const r of sentTo(endpoint.path)) expect(r.body).not.toMatch(/kavya|Menon/i);
  });

  it('pauses a disabled endpoint: its deliveries wait until it is enabled again', async () => {
    const endpoint = await register(['notice.published']);
    const url = `${base}${endpoint.path}`;
    expect((await publish('Paused')).statusCode).toBe(201);
    const off = await call(t, 'PUT', `/api/admin/webhooks/${endpoint.endpoint.id}`, adminToken, {
      url,
      kinds: ['notice.published'],
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await t.app.webhooks.tick();
    expect(sentTo(endpoint.path)).toHaveLength(0);
    const on = await call(t, 'PUT', `/api/admin/webhooks/${endpoint.endpoint.id}`, adminToken, {
      url,
      kinds: ['notice.published'],
      enabled: true,
    });
    expect(on.statusCode).toBe(200);
    await t.app.webhooks.tick();
    expect(sentTo(endpoint.path)).toHaveLength(1);
  });
});

describe('access and audit', () => {
  it('lets admins alone manage endpoints', async () => {
    for (const token of [teacherToken, studentToken]) {
      expect((await call(t, 'GET', '/api/admin/webhooks', token)).statusCode).toBe(403);
      const made = await call(t, 'POST', '/api/admin/webhooks', token, {
        url: `${base}/x`,
        kinds: ['gate.exit'],
      });
      expect(made.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/webhooks' })).statusCode).toBe(401);
  });

  it('audits create, change, rotate and delete, never with the secret', async () => {
    const endpoint = await register(['gate.exit']);
    const id = endpoint.endpoint.id;
    const url = `${base}${endpoint.path}`;
    expect(
      (await call(t, 'PUT', `/api/admin/webhooks/${id}`, adminToken, { url, kinds: ['gate.return'] }))
        .statusCode,
    ).toBe(200);
    expect((await call(t, 'POST', `/api/admin/webhooks/${id}/rotate`, adminToken)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/webhooks/${id}`, adminToken)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/webhooks/${id}`, adminToken)).statusCode).toBe(404);
    const { rows } = await sql<{ kind: string; detail: string | null }>`
      select kind, detail from audit_log where target = ${id}`.execute(t.handle.db);
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'webhook.create',
      'webhook.delete',
      'webhook.rotate',
      'webhook.update',
    ]);
    expect(JSON.stringify(rows)).not.toContain(endpoint.secret);
  });

  it('refuses bad input with a message that names it', async () => {
    const res = await call(t, 'POST', '/api/admin/webhooks', adminToken, {
      url: 'not a url',
      kinds: ['nope'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/url|kinds/);
  });
});
