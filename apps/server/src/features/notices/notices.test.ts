import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { newId } from '../../lib/ids';

let t: TestApp;
let teacher: Awaited<ReturnType<typeof createTeacher>>;
let teacherToken: string;
let studentToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t.handle.db, { name: 'Asha Verma' });
  teacherToken = await login(t.app, teacher.loginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db)).loginId);
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const create = (payload: unknown, token = teacherToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-notice',
    payload: payload as object,
    headers: bearer(token),
  });
const list = (url: string, token = studentToken) => t.app.inject({ url, headers: bearer(token) });
/** A notice as a reader who is neither its author nor an admin is shown it: without its audience. */
const asReader = (notice: { audience?: unknown }) => {
  const shown = { ...notice };
  delete shown.audience;
  return shown;
};

const mentorData = { heading: 'Project proposals', description: 'Send me a one-page proposal.' };
const eventData = {
  eventName: 'Hackathon',
  hostBy: 'Coding Club',
  contactEmail: 'club@campus.example.edu',
  date: '2030-03-14',
  time: '09:30',
  description: 'Twenty-four hours of building.',
};
const generalData = {
  heading: 'Library hours',
  contactEmail: 'library@campus.example.edu',
  description: 'Open until 10 pm during exams.',
};

describe('POST /api/create-notice', () => {
  it('creates a mentor notice signed by the signed-in teacher, whatever the body says', async () => {
    const res = await create({
      type: 'mentorNotice',
      data: { ...mentorData, teacherName: 'Someone Else', email: 'forged@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.notice.created);
    expect(body.type).toBe('mentorNotice');
    expect(body.notice).toMatchObject({ ...mentorData, teacherName: 'Asha Verma', email: teacher.email });
    expect(body.notice._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.notice.createdAt)).not.toBeNaN();

    const row = await t.handle.db
      .selectFrom('mentor_notices')
      .selectAll()
      .where('id', '=', body.notice._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      author_id: teacher.accountId,
      teacher_name: 'Asha Verma',
      email: teacher.email,
    });

    const listed = (await list('/api/get-mentor-notices')).json();
    expect(listed).toContainEqual(asReader(body.notice));
  });

  it('creates an event and a general notice, trimmed, and lists them', async () => {
    const event = await create({
      type: 'eventNotice',
      data: { ...eventData, eventName: '  Hackathon  ', contactEmail: ' club@campus.example.edu ' },
    });
    expect(event.statusCode).toBe(201);
    expect(event.json()).toMatchObject({
      message: MESSAGES.notice.created,
      type: 'eventNotice',
      notice: eventData,
    });
    const general = await create({ type: 'generalNotice', data: generalData });
    expect(general.statusCode).toBe(201);
    expect(general.json()).toMatchObject({ type: 'generalNotice', notice: generalData });

    const events = (await list('/api/get-events')).json();
    expect(events).toContainEqual(asReader(event.json().notice));
    const notices = (await list('/api/get-notices', adminToken)).json();
    expect(notices).toContainEqual(general.json().notice);

    const authors = await t.handle.db
      .selectFrom('events')
      .select('author_id')
      .where('id', '=', event.json().notice._id)
      .executeTakeFirstOrThrow();
    expect(authors.author_id).toBe(teacher.accountId);
  });

  it('refuses a missing or unknown type with 400 naming type', async () => {
    for (const payload of [{ data: generalData }, { type: 'memo', data: generalData }]) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^type must be one of mentorNotice, eventNotice, generalNotice/);
    }
    const missingData = await create({ type: 'generalNotice' });
    expect(missingData.statusCode).toBe(400);
    expect(missingData.json().message).toBe('data is required');
  });

  it('refuses a missing, blank or malformed field with 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'mentorNotice', data: { heading: 'x' } }, /^data\.description is required$/],
      [{ type: 'mentorNotice', data: { ...mentorData, heading: '   ' } }, /^data\.heading is required$/],
      [{ type: 'eventNotice', data: { ...eventData, hostBy: undefined } }, /^data\.hostBy is required$/],
      [
        { type: 'eventNotice', data: { ...eventData, contactEmail: 'nope' } },
        /^data\.contactEmail must be a valid email$/,
      ],
      [{ type: 'eventNotice', data: { ...eventData, date: '14/03/2030' } }, /^data\.date must be a date/],
      [{ type: 'eventNotice', data: { ...eventData, time: '25:00' } }, /^data\.time must be a time/],
      [
        { type: 'generalNotice', data: { ...generalData, contactEmail: '' } },
        /^data\.contactEmail is required$/,
      ],
      [
        { type: 'generalNotice', data: { ...generalData, description: 'x'.repeat(5001) } },
        /^data\.description must be at most/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('is for teachers only: 401 without a token, 403 for students and admins', async () => {
    const payload = { type: 'generalNotice', data: generalData };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/create-notice', payload });
    expect(anonymous.statusCode).toBe(401);
    expect((await create(payload, studentToken)).statusCode).toBe(403);
    expect((await create(payload, adminToken)).statusCode).toBe(403);
  });
});

describe('GET notice lists', () => {
  const urls = ['/api/get-mentor-notices', '/api/get-events', '/api/get-notices'];

  it('answer every role, and 401 without a token', async () => {
    for (const url of urls) {
      for (const token of [studentToken, teacherToken, adminToken]) {
        const res = await list(url, token);
        expect(res.statusCode).toBe(200);
        expect(Array.isArray(res.json())).toBe(true);
      }
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('list newest first and page with limit and offset', async () => {
    // Timestamps far in the future so these rows lead every list, whatever else the file made: their
    // author sees them before they start.
    const stamps = ['2999-01-01T00:00:01.000Z', '2999-01-01T00:00:03.000Z', '2999-01-01T00:00:02.000Z'];
    const ids = stamps.map(() => newId());
    const author = teacher.accountId;
    for (const [i, created_at] of stamps.entries()) {
      const id = ids[i]!;
      await t.handle.db
        .insertInto('mentor_notices')
        .values({
          id,
          author_id: author,
          teacher_name: 'T',
          email: 't@x.edu',
          heading: `m${i}`,
          description: 'd',
          created_at,
        })
        .execute();
      await t.handle.db
        .insertInto('events')
        .values({
          id,
          author_id: author,
          event_name: `e${i}`,
          host_by: 'h',
          contact_email: 'e@x.edu',
          date: '2030-01-01',
          time: '10:00',
          description: 'd',
          created_at,
        })
        .execute();
      await t.handle.db
        .insertInto('notices')
        .values({
          id,
          author_id: author,
          heading: `n${i}`,
          contact_email: 'n@x.edu',
          description: 'd',
          created_at,
        })
        .execute();
    }
    const newestFirst = [ids[1], ids[2], ids[0]];
    for (const url of urls) {
      const all = (await list(`${url}?limit=3`, teacherToken)).json<{ _id: string; createdAt: string }[]>();
      expect(all.map((n) => n._id)).toEqual(newestFirst);
      const second = (await list(`${url}?limit=1&offset=1`, teacherToken)).json<{ _id: string }[]>();
      expect(second.map((n) => n._id)).toEqual([ids[2]]);
    }
  });

  it('refuse a bad limit or offset with 400 naming it', async () => {
    const res = await list('/api/get-events?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^limit\b/);
    const offset = await list('/api/get-notices?offset=-1');
    expect(offset.statusCode).toBe(400);
    expect(offset.json().message).toMatch(/^offset\b/);
  });
});

describe('OpenAPI', () => {
  it('documents the notice routes with their schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const path of ['/api/get-mentor-notices', '/api/get-events', '/api/get-notices']) {
      expect(paths[path]?.get?.responses['200'], path).toBeDefined();
    }
    const create = paths['/api/create-notice'].post;
    expect(create.requestBody.content['application/json'].schema).toBeDefined();
    expect(create.responses['201']).toBeDefined();
  });
});
