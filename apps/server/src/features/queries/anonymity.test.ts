/**
 * Anonymous to peers: every answer a student can get is scanned for the asker's roll number, account
 * id, login id, name and email; the asker sees it as theirs; staff see who asked, and the log keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_STUDENT, type AuditEntry, type Query } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { openEvents } from '../../../test/live-stream';

let t: TestApp;
let asker: Awaited<ReturnType<typeof createStudent>>;
let peer: Awaited<ReturnType<typeof createStudent>>;
const token: Record<string, string> = {};
const GROUP = `Anon-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.handle;
  asker = await createStudent(db, { group: GROUP, name: 'Zoravar Quintessa' });
  peer = await createStudent(db, { group: GROUP });
  const teacher = await createTeacher(db, { groups: [GROUP] });
  const admin = await createAdmin(db);
  token.asker = await login(t.app, asker.loginId);
  token.peer = await login(t.app, peer.loginId);
  token.teacher = await login(t.app, teacher.loginId);
  token.admin = await login(t.app, admin.loginId);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token[who]!), ...(payload ? { payload } : {}) });

/** Whatever names the asker, as text anywhere in an answer. */
const secrets = () => [
  String(asker.rollNo),
  asker.accountId,
  asker.name,
  'Zoravar',
  'Quintessa',
  asker.email,
];
const expectNoAsker = (where: string, body: string) => {
  for (const secret of secrets())
    expect(body.includes(secret), `${where} names the asker (${secret})`).toBe(false);
};

describe('anonymous questions', () => {
  let id: string;

  it('the asker sees it as theirs; it is marked anonymous', async () => {
    const res = await call('POST', '/api/submit-query', 'asker', {
      topic: 'Hostel curfew exceptions',
      tags: 'hostel, rules',
      query: 'Can the curfew be extended for lab work?',
      anonymous: true,
    });
    expect(res.statusCode).toBe(201);
    const query = res.json<{ query: Query }>().query;
    id = query._id;
    expect(query).toMatchObject({ anonymous: true, rollNo: asker.rollNo, name: asker.name });
    const own = await call('GET', `/api/queries-by-rollno/${asker.rollNo}`, 'asker');
    expect(own.json<{ queries: Query[] }>().queries[0]).toMatchObject({
      _id: id,
      anonymous: true,
      rollNo: asker.rollNo,
    });
    const board = await call('GET', '/api/queries-without-solution', 'asker');
    expect(board.json<{ queries: Query[] }>().queries.find((q) => q._id === id)?.rollNo).toBe(asker.rollNo);
  });

  it('nothing a peer can get names the asker: boards, search, sorts, filters, similar, likes, export, notifications, live updates', async () => {
    const stream = await openEvents(t.app, token.peer!);
    try {
      // The peer likes it and a teacher answers it: both make answers and live updates.
      const like = await call('POST', `/api/queries/${id}/like`, 'peer');
      expect(like.statusCode).toBe(200);
      expectNoAsker('like', like.body);
      // What a peer may read answers 200; what is another's or staff's is refused before any row.
      const expected: [string, number][] = [
        ['/api/queries-without-solution', 200],
        ['/api/queries-without-solution?limit=10', 200],
        ['/api/queries-without-solution?search=curfew', 200],
        ['/api/queries-without-solution?tag=hostel', 200],
        ['/api/queries-without-solution?sort=name&order=asc', 200],
        ['/api/queries-without-solution?sort=group', 200],
        [`/api/queries-without-solution?group=${GROUP}`, 200],
        ['/api/queries/similar?q=hostel%20curfew', 200],
        ['/api/queries', 403],
        [`/api/queries-by-rollno/${asker.rollNo}`, 403],
        ['/api/export/queries.csv', 403],
        ['/api/notifications', 200],
      ];
      const urls = expected.map(([url]) => url);
      const before = await Promise.all(urls.map((url) => call('GET', url, 'peer')));
      expect(before.map((res) => res.statusCode)).toEqual(expected.map(([, status]) => status));
      for (const [i, res] of before.entries()) expectNoAsker(urls[i]!, res.body);
      const found = before[2]!.json<{ queries: Query[] }>().queries.find((q) => q._id === id);
      expect(found).toMatchObject({
        name: ANONYMOUS_STUDENT,
        rollNo: 0,
        email: '',
        group: '',
        anonymous: true,
      });
      // The group filter must not tell the asker's group by the question's presence.
      expect(before[6]!.json<{ queries: Query[] }>().queries.map((q) => q._id)).not.toContain(id);
      expect(before[7]!.json<{ _id: string }[]>().map((q) => q._id)).toContain(id);

      const answer = await call('PUT', '/api/queries/update-solution', 'teacher', {
        queryId: id,
        solution: 'Yes, with a note from the lab.',
      });
      expect(answer.statusCode).toBe(200);
      await stream.next('queries');
      const later = [
        '/api/queries-with-solution',
        '/api/queries-with-solution?search=curfew',
        '/api/notifications',
      ];
      const after = await Promise.all(later.map((url) => call('GET', url, 'peer')));
      expect(after.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      for (const [i, res] of after.entries()) expectNoAsker(later[i]!, res.body);
      expectNoAsker('live updates', JSON.stringify(stream.events));
    } finally {
      stream.close();
    }
    // The asker is told of the answer, as themselves.
    const told = await call('GET', '/api/notifications', 'asker');
    expect(told.body).toContain('Hostel curfew exceptions');
  });

  it('staff see who asked, and the log keeps that they were shown', async () => {
    const res = await call('GET', '/api/queries-with-solution?search=curfew', 'teacher');
    const query = res.json<{ queries: Query[] }>().queries.find((q) => q._id === id);
    expect(query).toMatchObject({ name: asker.name, rollNo: asker.rollNo, anonymous: true });
    const collection = await call('GET', '/api/queries?search=curfew', 'admin');
    expect(collection.json<Query[]>()[0]).toMatchObject({ _id: id, rollNo: asker.rollNo });
    const log = await call('GET', '/api/audit-log?kind=query.reveal', 'admin');
    const entries = log.json<AuditEntry[]>().filter((e) => e.kind === 'query.reveal');
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.map((e) => e.actorRole)).toEqual(expect.arrayContaining(['teacher', 'admin']));
    expect(entries.every((e) => e.target?.includes(id))).toBe(true);
    expect(entries[0]!.detail).toContain(String(asker.rollNo));
  });

  it('refuses a non-boolean anonymous with 400 naming it', async () => {
    const res = await call('POST', '/api/submit-query', 'asker', {
      topic: 'x',
      tags: 'x',
      query: 'x',
      anonymous: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^anonymous\b/);
  });
});

describe('similar questions', () => {
  it('ranks by shared words, any of them, a topic word first, the words marked; at most five', async () => {
    for (const topic of [
      'Library wifi password',
      'Wifi in hostel block C',
      'Printer in the library',
      'Canteen menu',
    ])
      await call('POST', '/api/submit-query', 'peer', { topic, tags: 'campus', query: 'Details inside.' });
    const res = await call('GET', '/api/queries/similar?q=library%20wifi', 'asker');
    expect(res.statusCode).toBe(200);
    const hits = res.json<{ topic: string; highlight: string }[]>();
    expect(hits[0]!.topic).toBe('Library wifi password');
    expect(hits.map((h) => h.topic)).toEqual(
      expect.arrayContaining(['Wifi in hostel block C', 'Printer in the library']),
    );
    expect(hits.map((h) => h.topic)).not.toContain('Canteen menu');
    expect(hits[0]!.highlight).toBe('\u0002Library\u0003 \u0002wifi\u0003 password');
    expect(hits.length).toBeLessThanOrEqual(5);
    expect((await call('GET', '/api/queries/similar?q=', 'asker')).json()).toEqual([]);
    expect((await call('GET', `/api/queries/similar?q=${'x'.repeat(201)}`, 'asker')).statusCode).toBe(400);
  });
});
