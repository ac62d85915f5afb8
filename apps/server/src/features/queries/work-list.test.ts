/** The teachers' query work list: both boards filtered by group and mentees, sorted and paged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_STUDENT, TOTAL_COUNT_HEADER, type Query, type QueriesResponse } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

let t: TestApp;
let mentor: string;
let otherTeacher: string;
let adminToken: string;
let zed: StudentPerson;
let amy: StudentPerson;
let outsider: StudentPerson;
const ours = new Set<string>();

async function ask(student: StudentPerson, topic: string): Promise<Query> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submit-query',
    headers: bearer(await login(t.app, student.loginId)),
    payload: { topic, tags: 'work list', query: `About ${topic}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { query } = res.json<{ query: Query }>();
  ours.add(query._id);
  return query;
}

beforeAll(async () => {
  t = await createTestApp();
  const teacher = await createTeacher(t.handle.db, { groups: ['Q-1', 'Q-2'] });
  const other = await createTeacher(t.handle.db, { groups: ['Q-9'] });
  const admin = await createAdmin(t.handle.db);
  [mentor, otherTeacher, adminToken] = await Promise.all([
    login(t.app, teacher.loginId),
    login(t.app, other.loginId),
    login(t.app, admin.loginId),
  ]);
  zed = await createStudent(t.handle.db, { group: 'Q-1', name: 'Zed Asker' });
  amy = await createStudent(t.handle.db, { group: 'Q-2', name: 'Amy Asker' });
  outsider = await createStudent(t.handle.db, { group: 'Q-9', name: 'Ola Asker' });
  await ask(zed, 'Zed first');
  const liked = await ask(amy, 'Amy liked');
  await ask(outsider, 'Ola outside');
  await ask(zed, 'Zed second');
  const solved = await ask(amy, 'Amy solved');
  // Two likes for one query, so that sorting by likes has something to sort.
  for (const token of [mentor, adminToken]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/queries/${liked._id}/like`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
  }
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/api/queries/update-solution',
    headers: bearer(mentor),
    payload: { queryId: solved._id, solution: 'Answered for the work list' },
  });
  expect(answer.statusCode).toBe(200);
});
afterAll(() => t.close());

const board = async (path: string, query: string, token = mentor) => {
  const res = await t.app.inject({ url: `/api/${path}?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const queries = res.json<QueriesResponse>().queries.filter((q) => ours.has(q._id));
  return { queries, total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
};
const unsolved = (query: string, token?: string) => board('queries-without-solution', query, token);
const topics = (queries: Query[]) => queries.map((q) => q.topic);

describe('the query boards as a work list', () => {
  it("gives each query its student's group", async () => {
    const { queries } = await unsolved('');
    expect(Object.fromEntries(queries.map((q) => [q.topic, q.group]))).toEqual({
      'Zed first': 'Q-1',
      'Amy liked': 'Q-2',
      'Ola outside': 'Q-9',
      'Zed second': 'Q-1',
    });
  });

  it('keeps one group with group=, and its total', async () => {
    const { queries, total } = await unsolved('group=Q-1');
    expect(topics(queries)).toEqual(['Zed second', 'Zed first']);
    expect(total).toBe(2);
    expect((await unsolved('group=Q-7')).queries).toEqual([]);
  });

  it("keeps the signed-in teacher's mentees with mine=true, on both boards", async () => {
    const { queries, total } = await unsolved('mine=true');
    expect(topics(queries)).toEqual(['Zed second', 'Amy liked', 'Zed first']);
    expect(total).toBe(3);
    expect(topics((await unsolved('mine=true', otherTeacher)).queries)).toEqual(['Ola outside']);
    expect((await unsolved('mine=true', adminToken)).queries).toEqual([]);
    expect(topics((await board('queries-with-solution', 'mine=true')).queries)).toEqual(['Amy solved']);
    expect((await board('queries-with-solution', 'mine=true', otherTeacher)).queries).toEqual([]);
  });

  it('sorts by likes, name, group and when asked, either way; ties newest asked first', async () => {
    expect(topics((await unsolved('sort=likes&order=desc')).queries)[0]).toBe('Amy liked');
    expect(topics((await unsolved('sort=name&order=asc')).queries)).toEqual([
      'Amy liked',
      'Ola outside',
      'Zed second',
      'Zed first',
    ]);
    expect((await unsolved('sort=group&order=desc')).queries.map((q) => q.group)).toEqual([
      'Q-9',
      'Q-2',
      'Q-1',
      'Q-1',
    ]);
    expect(topics((await unsolved('sort=createdAt&order=asc')).queries)).toEqual([
      'Zed first',
      'Amy liked',
      'Ola outside',
      'Zed second',
    ]);
  });

  it("pages a mentor's list and a group's newest first or oldest first, each page after the last, with the total", async () => {
    const pages = [];
    for (const offset of [0, 1, 2, 3]) pages.push(await unsolved(`mine=true&limit=1&offset=${offset}`));
    expect(pages.map((p) => topics(p.queries))).toEqual([['Zed second'], ['Amy liked'], ['Zed first'], []]);
    expect(pages.map((p) => p.total)).toEqual([3, 3, 3, 3]);
    const oldest = await unsolved('mine=true&order=asc&limit=2&offset=1');
    expect(topics(oldest.queries)).toEqual(['Amy liked', 'Zed second']);
    expect(oldest.total).toBe(3);
    const group = await unsolved('group=Q-1&limit=1&offset=1');
    expect(topics(group.queries)).toEqual(['Zed first']);
    expect(group.total).toBe(2);
    const solved = await board('queries-with-solution', 'mine=true&limit=1');
    expect(topics(solved.queries)).toEqual(['Amy solved']);
    expect(solved.total).toBe(1);
  });

  it("pages a mentor's questions asked at the same moment by id, none twice and none left out", async () => {
    const teacher = await createTeacher(t.handle.db, { groups: ['Q-TIE'] });
    const token = await login(t.app, teacher.loginId);
    const asker = await createStudent(t.handle.db, { group: 'Q-TIE', name: 'Tia Asker' });
    const asked = [];
    for (const topic of ['Same moment A', 'Same moment B', 'Same moment C'])
      asked.push(await ask(asker, topic));
    await t.handle.db
      .updateTable('queries')
      .set({ created_at: '2026-01-05T09:00:00.000Z' })
      .where(
        'id',
        'in',
        asked.map((q) => q._id),
      )
      .execute();
    const newestFirst = asked
      .map((q) => q._id)
      .sort()
      .reverse();
    const pages = [];
    for (const offset of [0, 1, 2]) {
      const page = await unsolved(`mine=true&limit=1&offset=${offset}`, token);
      expect(page.total).toBe(3);
      pages.push(...page.queries.map((q) => q._id));
    }
    expect(pages).toEqual(newestFirst);
    const oldest = await unsolved('mine=true&order=asc&limit=2&offset=1', token);
    expect(oldest.queries.map((q) => q._id)).toEqual([...newestFirst].reverse().slice(1));
  });

  it('pages a filtered, sorted board with its total, and the same page again from the cache', async () => {
    const first = await unsolved('mine=true&sort=name&order=asc&limit=1&offset=1');
    expect(first.total).toBe(3);
    expect(topics(first.queries)).toEqual(['Zed second']);
    const plain = await unsolved('limit=2&offset=0&sort=name&order=asc');
    const again = await unsolved('limit=2&offset=0&sort=name&order=asc');
    expect(topics(again.queries)).toEqual(topics(plain.queries));
  });

  it('refuses an unknown sort, order or mine with 400', async () => {
    for (const [query, message] of [
      ['sort=topic', /^sort must be createdAt, likes, name or group/],
      ['order=up', /^order must be asc or desc/],
      ['mine=yes', /^mine must be true or false/],
      ['group=', /^group must not be empty/],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/queries-without-solution?${query}`,
        headers: bearer(mentor),
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });
});

describe('what a new question changes', () => {
  const answerMisses = async () => {
    const text = (await t.app.inject({ url: '/metrics' })).body;
    return Number(/campus_read_cache_lookups_total\{kind="answers",result="miss"\} (\d+)/.exec(text)?.[1]);
  };
  const solve = async (queryId: string, solution: string) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/queries/update-solution',
      headers: bearer(mentor),
      payload: { queryId, solution },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const hide = async (queryId: string, hidden: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/queries/${queryId}/hidden`,
      headers: bearer(adminToken),
      payload: { hidden },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("keeps a mentor's work list in memory when another group's student asks, and shows a mentee's at once", async () => {
    const teacher = await createTeacher(t.handle.db, { groups: ['Q-5'] });
    const token = await login(t.app, teacher.loginId);
    const mentee = await createStudent(t.handle.db, { group: 'Q-5', name: 'Mia Mentee' });
    const elsewhere = await createStudent(t.handle.db, { group: 'Q-6', name: 'Eli Elsewhere' });
    await ask(mentee, 'Mia first');
    const list = async () => {
      const res = await t.app.inject({
        url: '/api/queries-without-solution?mine=true&limit=50',
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<QueriesResponse>().queries.map((q) => q.topic);
    };
    expect(await list()).toEqual(['Mia first']);
    await ask(elsewhere, 'Eli elsewhere');
    const before = await answerMisses();
    expect(await list()).toEqual(['Mia first']);
    expect(await answerMisses()).toBe(before);
    // A mentee's question goes into the mentor's page in memory: no read of the mentees' questions.
    await ask(mentee, 'Mia second');
    const asked = await answerMisses();
    expect(await list()).toEqual(['Mia second', 'Mia first']);
    expect(await answerMisses()).toBe(asked);
  });

  it('keeps the solved board in memory while questions are asked, and shows an answer, a like and a hidden one at once', async () => {
    const student = await createStudent(t.handle.db, { group: 'Q-8', name: 'Sol Solved' });
    const solvedBoard = async () => {
      const res = await t.app.inject({
        url: '/api/queries-with-solution?limit=20',
        headers: bearer(adminToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        topics: res.json<QueriesResponse>().queries.map((q) => `${q.topic} (${q.likes})`),
        total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
      };
    };
    const first = await solvedBoard();
    const asked = await ask(student, 'Sol asks');
    let misses = await answerMisses();
    expect(await solvedBoard()).toEqual(first);
    expect(await answerMisses()).toBe(misses);
    // The unsolved board shows the new question at once.
    expect(topics((await unsolved('limit=20')).queries)).toContain('Sol asks');

    await solve(asked._id, 'Solved at once');
    const answered = await solvedBoard();
    expect(answered.topics[0]).toBe('Sol asks (0)');
    expect(answered.total).toBe(first.total + 1);

    const like = await t.app.inject({
      method: 'POST',
      url: `/api/queries/${asked._id}/like`,
      headers: bearer(mentor),
    });
    expect(like.statusCode, like.body).toBe(200);
    expect((await solvedBoard()).topics[0]).toBe('Sol asks (1)');

    await ask(student, 'Sol asks again');
    misses = await answerMisses();
    expect((await solvedBoard()).topics[0]).toBe('Sol asks (1)');
    expect(await answerMisses()).toBe(misses);

    await hide(asked._id, true);
    expect(await solvedBoard()).toEqual(first);
  });

  it("keeps the unsolved board's first page in memory as a question is asked, with the question on top", async () => {
    const asker = await createStudent(t.handle.db, { group: 'Q-4', name: 'Tia Top' });
    const classmate = await createStudent(t.handle.db, { group: 'Q-4', name: 'Ben Reader' });
    const readerToken = await login(t.app, classmate.loginId);
    const firstPage = async (token: string) => {
      const res = await t.app.inject({
        url: '/api/queries-without-solution?limit=3',
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        queries: res.json<QueriesResponse>().queries,
        total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
      };
    };
    const before = await firstPage(readerToken);
    expect(before.queries).toHaveLength(3);
    const askerToken = await login(t.app, asker.loginId);
    const own = async () => {
      const got = await t.app.inject({
        url: `/api/queries-by-rollno/${asker.rollNo}`,
        headers: bearer(askerToken),
      });
      expect(got.statusCode, got.body).toBe(200);
      return got.json<QueriesResponse>().queries.map((q) => q.topic);
    };
    expect(await own()).toEqual([]);
    // Anonymous: the classmate sees the question on top, its asker hidden; staff see who asked.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-query',
      headers: bearer(askerToken),
      payload: {
        topic: 'Tia on top',
        tags: 'first page, kept',
        query: 'Is the first page kept?',
        anonymous: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const misses = await answerMisses();
    const after = await firstPage(readerToken);
    expect(after.total).toBe(before.total + 1);
    expect(after.queries.map((q) => q.topic)).toEqual([
      'Tia on top',
      ...before.queries.slice(0, 2).map((q) => q.topic),
    ]);
    expect(after.queries[0]).toMatchObject({
      name: ANONYMOUS_STUDENT,
      tags: ['first page', 'kept'],
      likes: 0,
    });
    // Read from memory, on either database: the question was put on the page kept before it.
    expect(await answerMisses()).toBe(misses);
    // The asker's own list too.
    expect(await own()).toEqual(['Tia on top']);
    expect(await answerMisses()).toBe(misses);
    const staff = await firstPage(adminToken);
    expect(staff.queries[0]).toMatchObject({ topic: 'Tia on top', name: 'Tia Top', anonymous: true });
    // The question pushed the page's last one to the next page: none twice, none left out.
    const next = await t.app.inject({
      url: '/api/queries-without-solution?limit=3&offset=3',
      headers: bearer(readerToken),
    });
    expect(next.json<QueriesResponse>().queries[0]?._id).toBe(before.queries[2]!._id);
  });

  it("keeps each board's count right as questions are asked, answered, hidden and shown again", async () => {
    const student = await createStudent(t.handle.db, { group: 'Q-7', name: 'Cal Counter' });
    const totals = async () => ({
      unsolved: (await board('queries-without-solution', 'limit=1')).total,
      solved: (await board('queries-with-solution', 'limit=1')).total,
    });
    const start = await totals();
    const asked = await ask(student, 'Counted question');
    expect(await totals()).toEqual({ unsolved: start.unsolved + 1, solved: start.solved });
    await solve(asked._id, 'Counted');
    expect(await totals()).toEqual({ unsolved: start.unsolved, solved: start.solved + 1 });
    await hide(asked._id, true);
    expect(await totals()).toEqual(start);
    await hide(asked._id, true);
    expect(await totals()).toEqual(start);
    await hide(asked._id, false);
    expect(await totals()).toEqual({ unsolved: start.unsolved, solved: start.solved + 1 });
  });
});
