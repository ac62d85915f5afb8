/** A notification opens its item: its link names it, and the item is read by that id. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_PARAMS, type Notification, type Query } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createStudent, createTeacher, login } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the notification of an answered query', () => {
  it('links to that query, which its asker reads with the answer; another student cannot read it while hidden', async () => {
    const asker = await createStudent(t.handle.db, { group: 'NL-1' });
    const classmate = await createStudent(t.handle.db, { group: 'NL-1' });
    const teacher = await createTeacher(t.handle.db, { groups: ['NL-1'] });
    const [askerToken, classmateToken, teacherToken] = (await Promise.all(
      [asker, classmate, teacher].map((p) => login(t.app, p.loginId)),
    )) as [string, string, string];
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/submit-query',
      headers: bearer(askerToken),
      payload: { topic: 'Hostel curfew', tags: 'hostel', query: 'When do the gates close?' },
    });
    expect(asked.statusCode).toBe(201);
    const answered = await t.app.inject({
      method: 'PUT',
      url: '/api/queries/update-solution',
      headers: bearer(teacherToken),
      payload: { queryId: asked.json<{ query: Query }>().query._id, solution: 'At ten at night.' },
    });
    expect(answered.statusCode).toBe(200);

    const inbox = await t.app.inject({ url: '/api/notifications', headers: bearer(askerToken) });
    expect(inbox.statusCode).toBe(200);
    const note = inbox.json<Notification[]>().find((n) => n.kind === 'query.answered');
    const link = new URL(note?.link ?? '/', 'http://campus.test');
    expect(link.pathname).toBe('/student/queries');
    const id = link.searchParams.get(ITEM_PARAMS.query);
    expect(id).toBe(asked.json<{ query: Query }>().query._id);

    const opened = await t.app.inject({ url: `/api/queries/${id}`, headers: bearer(askerToken) });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ topic: 'Hostel curfew', solution: 'At ten at night.' });

    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/queries/${id}/hidden`,
      headers: bearer(teacherToken),
      payload: { hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    const other = await t.app.inject({ url: `/api/queries/${id}`, headers: bearer(classmateToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Query not found');
    const own = await t.app.inject({ url: `/api/queries/${id}`, headers: bearer(askerToken) });
    expect(own.statusCode).toBe(200);
  });
});
