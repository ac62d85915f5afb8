import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OWN_QUERY_LIKE_MESSAGE,
  QUERY_SUBMITTED_MESSAGE,
  UNSOLVED_SOLUTION,
  parseTags,
  type Query,
} from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';

let t: TestApp;
let student: StudentPerson;
let studentToken: string;
let other: StudentPerson;
let otherToken: string;
let teacher: Person;
let teacherToken: string;
let teacher2Token: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await createStudent(t.handle.db, { name: 'Ravi Kumar' });
  other = await createStudent(t.handle.db);
  teacher = await createTeacher(t.handle.db);
  const teacher2 = await createTeacher(t.handle.db);
  const admin = await createAdmin(t.handle.db);
  [studentToken, otherToken, teacherToken, teacher2Token, adminToken] = await Promise.all([
    login(t.app, student.loginId),
    login(t.app, other.loginId),
    login(t.app, teacher.loginId),
    login(t.app, teacher2.loginId),
    login(t.app, admin.loginId),
  ]);
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

let n = 0;
async function ask(token = studentToken, body: object = {}): Promise<Query> {
  n += 1;
  const res = await request('POST', '/api/submit-query', token, {
    topic: `Topic ${n}`,
    tags: 'exams',
    query: `Question number ${n}?`,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ query: Query }>().query;
}

const solve = (queryId: string, solution: unknown, token = teacherToken) =>
  request('PUT', '/api/queries/update-solution', token, { queryId, solution });
const like = (id: string, token: string) => request('POST', `/api/queries/${id}/like`, token);

async function board(url: string, token: string): Promise<Query[]> {
  const res = await request('GET', url, token);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ queries: Query[] }>();
  expect(Object.keys(body)).toEqual(['queries']);
  return body.queries;
}
const ids = (queries: Query[]) => queries.map((q) => q._id);

describe('parseTags', () => {
  it('splits on commas, trims and drops empty items', () => {
    expect(parseTags(' exams, hostel ,,  , fees ')).toEqual(['exams', 'hostel', 'fees']);
    expect(parseTags(['a', ' b ', '', 'c, d'])).toEqual(['a', 'b', 'c', 'd']);
    expect(parseTags(' , ')).toEqual([]);
  });
});

describe('POST /api/submit-query', () => {
  it('files an unsolved query with no likes and the identity of the session', async () => {
    const res = await request('POST', '/api/submit-query', studentToken, {
      topic: '  Exam schedule ',
      tags: 'exams, midterm,, ',
      query: 'When are the midterms?',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; query: Query }>();
    expect(body.message).toBe(QUERY_SUBMITTED_MESSAGE);
    expect(body.query).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ravi Kumar',
      rollNo: student.rollNo,
      email: student.email,
      group: student.group,
      topic: 'Exam schedule',
      tags: ['exams', 'midterm'],
      description: 'When are the midterms?',
      likes: 0,
      likedByMe: false,
      solution: UNSOLVED_SOLUTION,
      solvedAt: null,
      solvedBy: null,
      createdAt: expect.any(String),
    });
  });

  it('ignores forged likes, solution, roll number, name and email in the body', async () => {
    const query = await ask(studentToken, {
      likes: 99,
      solution: 'Already answered',
      rollNo: other.rollNo,
      name: 'Someone Else',
      email: 'forged@example.com',
      solvedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(query).toMatchObject({
      name: 'Ravi Kumar',
      rollNo: student.rollNo,
      email: student.email,
      likes: 0,
      solution: 'null',
      solvedAt: null,
    });
    const row = await t.handle.db
      .selectFrom('queries')
      .selectAll()
      .where('id', '=', query._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ roll_no: student.rollNo, solution: null, solved_by: null, likes: 0 });
    expect(ids(await board('/api/queries-without-solution?limit=200', studentToken))).toContain(query._id);
    expect(ids(await board('/api/queries-with-solution?limit=200', studentToken))).not.toContain(query._id);
  });

  it('accepts tags as a list, trimming and dropping empties, and keeps their order', async () => {
    const query = await ask(studentToken, { tags: [' hostel', '', 'fees ', 'mess'] });
    expect(query.tags).toEqual(['hostel', 'fees', 'mess']);
    const mine = await board(`/api/queries-by-rollno/${student.rollNo}?limit=200`, studentToken);
    expect(mine.find((q) => q._id === query._id)?.tags).toEqual(['hostel', 'fees', 'mess']);
  });

  it.each([
    [{ tags: ' , ,' }, /^tags must contain at least one tag/],
    [{ tags: [] }, /^tags must contain at least one tag/],
    [{ tags: undefined }, /^tags must be a list of tags or a comma-separated text/],
    [{ tags: 5 }, /^tags must be a list of tags or a comma-separated text/],
    [{ tags: ['x'.repeat(51)] }, /^tags/],
    [{ topic: '  ' }, /^topic is required/],
    [{ topic: undefined }, /^topic is required/],
    [{ query: '' }, /^query is required/],
    [{ query: 'x'.repeat(5001) }, /^query must be at most 5000 characters/],
  ])('refuses bad input with 400 naming the field (%#)', async (override, message) => {
    const res = await request('POST', '/api/submit-query', studentToken, {
      topic: 'Topic',
      tags: 'a',
      query: 'Question?',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('is for students only: 401 without a token, 403 for teachers and admins', async () => {
    const body = { topic: 'T', tags: 'a', query: 'Q' };
    expect((await request('POST', '/api/submit-query', undefined, body)).statusCode).toBe(401);
    expect((await request('POST', '/api/submit-query', teacherToken, body)).statusCode).toBe(403);
    expect((await request('POST', '/api/submit-query', adminToken, body)).statusCode).toBe(403);
  });
});

describe('the board lists', () => {
  it('answer { queries } newest first to every role, with paging', async () => {
    const first = await ask();
    const second = await ask(otherToken);
    for (const token of [studentToken, otherToken, teacherToken, adminToken]) {
      const unsolved = await board('/api/queries-without-solution?limit=200', token);
      expect(ids(unsolved)).toEqual(expect.arrayContaining([first._id, second._id]));
      expect(unsolved.every((q) => q.solution === 'null' && q.solvedAt === null)).toBe(true);
      const created = unsolved.map((q) => q.createdAt);
      expect(created).toEqual([...created].sort().reverse());
    }
    const all = await board('/api/queries-without-solution?limit=200', teacherToken);
    const page = await board('/api/queries-without-solution?limit=1&offset=1', teacherToken);
    expect(ids(page)).toEqual([all[1]!._id]);
    const bad = await request('GET', '/api/queries-with-solution?limit=500', teacherToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit/);
  });

  it('load the right tags for every query on a page', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await ask(studentToken, { tags: [`t${i}`, `u${i}`] }));
    const listed = await board(`/api/queries-by-rollno/${student.rollNo}?limit=200`, studentToken);
    for (const [i, query] of made.entries()) {
      expect(listed.find((q) => q._id === query._id)?.tags).toEqual([`t${i}`, `u${i}`]);
    }
  });

  it("answer a student's own queries, to them and to teachers and admins", async () => {
    const query = await ask();
    for (const token of [studentToken, teacherToken, adminToken]) {
      const mine = await board(`/api/queries-by-rollno/${student.rollNo}`, token);
      expect(ids(mine)).toContain(query._id);
      expect(mine.every((q) => q.rollNo === student.rollNo)).toBe(true);
    }
    expect(await board('/api/queries-by-rollno/987654321', teacherToken)).toEqual([]);
  });

  it("refuse a student reading another student's queries with 403", async () => {
    const res = await request('GET', `/api/queries-by-rollno/${student.rollNo}`, otherToken);
    expect(res.statusCode).toBe(403);
    const bad = await request('GET', '/api/queries-by-rollno/12ab', teacherToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^rollNo must be a roll number/);
  });

  it('need a token', async () => {
    for (const url of [
      '/api/queries-without-solution',
      '/api/queries-with-solution',
      `/api/queries-by-rollno/${student.rollNo}`,
    ]) {
      expect((await request('GET', url)).statusCode).toBe(401);
    }
  });
});

describe('PUT /api/queries/update-solution', () => {
  it('answers a query, records who and when, and moves it from unsolved to solved', async () => {
    const query = await ask();
    const res = await solve(query._id, '  Midterms start on the 5th.  ');
    expect(res.statusCode).toBe(200);
    const solved = res.json<Query>();
    expect(solved).toMatchObject({
      _id: query._id,
      rollNo: student.rollNo,
      solution: 'Midterms start on the 5th.',
      tags: query.tags,
    });
    expect(Date.parse(solved.solvedAt!)).not.toBeNaN();
    const row = await t.handle.db
      .selectFrom('queries')
      .select(['solved_by', 'solved_at'])
      .where('id', '=', query._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ solved_by: teacher.accountId, solved_at: solved.solvedAt });

    expect(ids(await board('/api/queries-without-solution?limit=200', studentToken))).not.toContain(
      query._id,
    );
    const withSolution = await board('/api/queries-with-solution?limit=200', studentToken);
    expect(withSolution.find((q) => q._id === query._id)?.solution).toBe('Midterms start on the 5th.');
    const mine = await board(`/api/queries-by-rollno/${student.rollNo}?limit=200`, studentToken);
    expect(mine.find((q) => q._id === query._id)?.solution).toBe('Midterms start on the 5th.');
  });

  it('refuses to answer a query twice with 409, and the first answer stands', async () => {
    const query = await ask();
    expect((await solve(query._id, 'First answer')).statusCode).toBe(200);
    const again = await solve(query._id, 'Second answer', teacher2Token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This query has already been answered' });
    const solved = await board('/api/queries-with-solution?limit=200', teacherToken);
    expect(solved.find((q) => q._id === query._id)?.solution).toBe('First answer');
  });

  it('lets exactly one of two teachers answering at once win', async () => {
    const query = await ask();
    const [a, b] = await Promise.all([
      solve(query._id, 'Answer A', teacherToken),
      solve(query._id, 'Answer B', teacher2Token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a.json<Query>() : b.json<Query>();
    const row = await t.handle.db
      .selectFrom('queries')
      .select('solution')
      .where('id', '=', query._id)
      .executeTakeFirstOrThrow();
    expect(row.solution).toBe(winner.solution);
  });

  it('refuses an empty solution and a malformed id with 400, an unknown id with 404', async () => {
    const query = await ask();
    for (const empty of ['', '   ', undefined]) {
      const res = await solve(query._id, empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^solution is required/);
    }
    const malformed = await solve('123', 'Answer');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^queryId must be a valid id/);
    const unknown = await solve('00000000-0000-4000-8000-00000000beef', 'Answer');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Query not found' });
    expect(ids(await board('/api/queries-without-solution?limit=200', teacherToken))).toContain(query._id);
  });

  it('is for teachers only: students and admins get 403, no token 401', async () => {
    const query = await ask();
    expect((await solve(query._id, 'Mine', studentToken)).statusCode).toBe(403);
    expect((await solve(query._id, 'Mine', adminToken)).statusCode).toBe(403);
    const anonymous = await request('PUT', '/api/queries/update-solution', undefined, {
      queryId: query._id,
      solution: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
    const row = await t.handle.db
      .selectFrom('queries')
      .select('solution')
      .where('id', '=', query._id)
      .executeTakeFirstOrThrow();
    expect(row.solution).toBeNull();
  });
});

describe('POST /api/queries/:id/like', () => {
  it('toggles one like per account and answers the new count', async () => {
    const query = await ask();
    expect((await like(query._id, otherToken)).json()).toEqual({ likes: 1, liked: true });
    expect((await like(query._id, teacherToken)).json()).toEqual({ likes: 2, liked: true });
    expect((await like(query._id, otherToken)).json()).toEqual({ likes: 1, liked: false });
    expect((await like(query._id, adminToken)).json()).toEqual({ likes: 2, liked: true });
    expect((await like(query._id, teacher2Token)).json()).toEqual({ likes: 3, liked: true });

    const seenBy = async (token: string) =>
      (await board(`/api/queries-by-rollno/${student.rollNo}?limit=200`, token)).find(
        (q) => q._id === query._id,
      );
    expect(await seenBy(teacherToken)).toMatchObject({ likes: 3, likedByMe: true });
    expect(
      (await board('/api/queries-without-solution?limit=200', otherToken)).find((q) => q._id === query._id),
    ).toMatchObject({ likes: 3, likedByMe: false });
    // The same page, kept in memory for every reader, still tells each reader their own like.
    for (const [token, likedByMe] of [
      [teacherToken, true],
      [otherToken, false],
      [teacher2Token, true],
      [studentToken, false],
    ] as const) {
      expect(
        (await board('/api/queries-without-solution?limit=200', token)).find((q) => q._id === query._id),
      ).toMatchObject({ likes: 3, likedByMe });
    }

    const rows = await t.handle.db
      .selectFrom('query_likes')
      .select('account_id')
      .where('query_id', '=', query._id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("refuses a student's like of their own question with 403 and a message, and counts nothing", async () => {
    const query = await ask(studentToken, { anonymous: true });
    const own = await like(query._id, studentToken);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: OWN_QUERY_LIKE_MESSAGE });
    const row = await t.handle.db
      .selectFrom('queries')
      .select('likes')
      .where('id', '=', query._id)
      .executeTakeFirstOrThrow();
    expect(row.likes).toBe(0);
    const likeRows = await t.handle.db
      .selectFrom('query_likes')
      .select('account_id')
      .where('query_id', '=', query._id)
      .execute();
    expect(likeRows).toHaveLength(0);
    // Another student may still like it.
    expect((await like(query._id, otherToken)).json()).toEqual({ likes: 1, liked: true });
  });

  it('keeps the counter equal to the likes when one account toggles twice at once', async () => {
    const query = await ask();
    await Promise.all([like(query._id, otherToken), like(query._id, otherToken)]);
    const [row, likeRows] = await Promise.all([
      t.handle.db.selectFrom('queries').select('likes').where('id', '=', query._id).executeTakeFirstOrThrow(),
      t.handle.db.selectFrom('query_likes').select('account_id').where('query_id', '=', query._id).execute(),
    ]);
    expect(row.likes).toBe(likeRows.length);
    expect(likeRows.length).toBeLessThanOrEqual(1);
  });

  it('counts likes from many accounts at once', async () => {
    const query = await ask();
    const results = await Promise.all(
      [otherToken, teacherToken, teacher2Token, adminToken].map((token) => like(query._id, token)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => r.json().likes).sort()).toEqual([1, 2, 3, 4]);
  });

  it('answers a malformed id with 400, an unknown one with 404 and no token with 401', async () => {
    const malformed = await like('nope', studentToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^id must be a valid id/);
    const unknown = await like('00000000-0000-4000-8000-00000000beef', studentToken);
    expect(unknown.statusCode).toBe(404);
    expect((await request('POST', `/api/queries/${(await ask())._id}/like`)).statusCode).toBe(401);
  });

  it('still works on a solved query', async () => {
    const query = await ask();
    expect((await solve(query._id, 'Answer')).statusCode).toBe(200);
    expect((await like(query._id, otherToken)).json()).toEqual({ likes: 1, liked: true });
    const solved = await board('/api/queries-with-solution?limit=200', otherToken);
    expect(solved.find((q) => q._id === query._id)).toMatchObject({ likes: 1, likedByMe: true });
  });
});

describe('GET /api/queries (admins)', () => {
  it('answers the whole collection as an array, solved and unsolved', async () => {
    const open = await ask();
    const answered = await ask(otherToken);
    await solve(answered._id, 'Done');
    const res = await request('GET', '/api/queries?limit=200', adminToken);
    expect(res.statusCode).toBe(200);
    const all = res.json<Query[]>();
    expect(Array.isArray(all)).toBe(true);
    expect(ids(all)).toEqual(expect.arrayContaining([open._id, answered._id]));
  });

  it('searches words of topic and description through the full-text index, ignoring case; punctuation is no operator', async () => {
    const byTopic = await ask(studentToken, { topic: 'Library Zebra-Hours', query: 'When?' });
    const byText = await ask(studentToken, { topic: 'Other', query: 'Is the zebra-hours rule 100% final?' });
    const found = async (search: string) => {
      const res = await request(
        'GET',
        `/api/queries?limit=200&search=${encodeURIComponent(search)}`,
        adminToken,
      );
      expect(res.statusCode).toBe(200);
      return ids(res.json<Query[]>());
    };
    expect(await found('ZEBRA-hours')).toEqual(expect.arrayContaining([byTopic._id, byText._id]));
    expect(await found('100% final')).toEqual([byText._id]);
    expect(await found('%')).toEqual([]);
    expect(await found('zebra_hours')).toEqual(expect.arrayContaining([byTopic._id, byText._id]));
    // A topic word ranks above a description word.
    expect((await found('library zebra'))[0]).toBe(byTopic._id);
  });

  it('is for admins only', async () => {
    expect((await request('GET', '/api/queries', teacherToken)).statusCode).toBe(403);
    expect((await request('GET', '/api/queries', studentToken)).statusCode).toBe(403);
    expect((await request('GET', '/api/queries')).statusCode).toBe(401);
  });
});

describe('PUT /api/queries/:id/hidden', () => {
  const hide = (id: string, hidden: unknown, token = teacherToken) =>
    request('PUT', `/api/queries/${id}/hidden`, token, { hidden });
  const own = () => board(`/api/queries-by-rollno/${student.rollNo}`, studentToken);
  const collection = async () => {
    const res = await request('GET', '/api/queries', adminToken);
    expect(res.statusCode).toBe(200);
    return res.json<Query[]>();
  };
  async function auditEntries(target: string) {
    const res = await request('GET', '/api/audit-log?kind=query.visibility&limit=200', adminToken);
    expect(res.statusCode).toBe(200);
    return res
      .json<{ actorLoginId: number | null; target: string | null; detail: string | null }[]>()
      .filter((entry) => entry.target === target);
  }

  it('takes a query a teacher hides as spam off both boards for everyone, and audits who hid which', async () => {
    const spam = await ask(studentToken, { topic: 'Buy cheap followers' });
    const answeredSpam = await ask(studentToken, { topic: 'More spam' });
    expect((await solve(answeredSpam._id, 'Not a question')).statusCode).toBe(200);
    const kept = await ask(otherToken);

    const res = await hide(spam._id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json<Query>()).toMatchObject({ _id: spam._id, topic: 'Buy cheap followers', hidden: true });
    expect((await hide(answeredSpam._id, true)).statusCode).toBe(200);

    for (const token of [studentToken, otherToken, teacherToken, adminToken]) {
      const unsolved = ids(await board('/api/queries-without-solution', token));
      expect(unsolved).not.toContain(spam._id);
      expect(unsolved).toContain(kept._id);
      expect(ids(await board('/api/queries-with-solution', token))).not.toContain(answeredSpam._id);
    }
    // Paged board answers count without it too.
    const page = await request('GET', '/api/queries-without-solution?limit=1', otherToken);
    const all = await board('/api/queries-without-solution', otherToken);
    expect(Number(page.headers['x-total-count'])).toBe(all.length);
    expect(ids(all)).not.toContain(spam._id);

    expect(await auditEntries(spam._id)).toEqual([
      expect.objectContaining({ actorLoginId: teacher.loginId, target: spam._id, detail: 'hidden as spam' }),
    ]);
  });

  it("leaves a hidden query in its student's own list and in the admin collection, flagged", async () => {
    const spam = await ask();
    const fine = await ask();
    expect((await hide(spam._id, true)).statusCode).toBe(200);

    const mine = await own();
    expect(mine.find((q) => q._id === spam._id)).toMatchObject({ hidden: true });
    expect(mine.find((q) => q._id === fine._id)).toMatchObject({ hidden: false });
    const teacherView = await board(`/api/queries-by-rollno/${student.rollNo}`, teacherToken);
    expect(teacherView.find((q) => q._id === spam._id)).toMatchObject({ hidden: true });

    const listed = await collection();
    expect(listed.find((q) => q._id === spam._id)).toMatchObject({ hidden: true });
    expect(listed.find((q) => q._id === fine._id)).toMatchObject({ hidden: false });
    // The boards do not say which are hidden: none there is.
    const unsolved = await board('/api/queries-without-solution', studentToken);
    expect(unsolved.every((q) => !('hidden' in q))).toBe(true);
  });

  it("counts every query, hidden or not, in the admin collection's paged total as queries are hidden, solved and shown again", async () => {
    const pagedTotal = async () => {
      const res = await request('GET', '/api/queries?limit=1', adminToken);
      expect(res.statusCode).toBe(200);
      return Number(res.headers['x-total-count']);
    };
    const before = (await collection()).length;
    expect(await pagedTotal()).toBe(before);
    const spam = await ask();
    const answered = await ask(otherToken);
    expect((await hide(spam._id, true)).statusCode).toBe(200);
    expect(await pagedTotal()).toBe(before + 2);
    expect((await solve(answered._id, 'Done')).statusCode).toBe(200);
    expect((await hide(answered._id, true)).statusCode).toBe(200);
    expect(await pagedTotal()).toBe(before + 2);
    expect((await hide(spam._id, false, adminToken)).statusCode).toBe(200);
    expect(await pagedTotal()).toBe(before + 2);
    expect((await collection()).length).toBe(before + 2);
  });

  it('shows a hidden query again when staff un-hide it, and audits that too', async () => {
    const query = await ask();
    expect((await hide(query._id, true)).statusCode).toBe(200);
    const shown = await hide(query._id, false, adminToken);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Query>()).toMatchObject({ _id: query._id, hidden: false });
    expect(ids(await board('/api/queries-without-solution', otherToken))).toContain(query._id);
    expect((await own()).find((q) => q._id === query._id)).toMatchObject({ hidden: false });
    expect((await auditEntries(query._id)).map((entry) => entry.detail).sort()).toEqual([
      'hidden as spam',
      'shown again',
    ]);
  });

  it('keeps who hid a query first when it is hidden again', async () => {
    const query = await ask();
    const first = await hide(query._id, true);
    expect((await hide(query._id, true, adminToken)).statusCode).toBe(200);
    const row = await t.handle.db
      .selectFrom('queries')
      .select(['hidden_by', 'hidden_at'])
      .where('id', '=', query._id)
      .executeTakeFirstOrThrow();
    expect(row.hidden_by).toBe(teacher.accountId);
    expect(first.statusCode).toBe(200);
  });

  it('refuses students with 403 and changes nothing', async () => {
    const query = await ask(otherToken);
    for (const token of [studentToken, otherToken]) {
      const res = await hide(query._id, true, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(ids(await board('/api/queries-without-solution', otherToken))).toContain(query._id);
    expect(await auditEntries(query._id)).toEqual([]);
  });

  it('answers an unknown query with 404 and a bad body or id with 400 naming the problem', async () => {
    const unknown = await hide(randomUUID(), true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Query not found' });
    const query = await ask();
    for (const hidden of ['yes', undefined, 1]) {
      const res = await hide(query._id, hidden);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^hidden/);
    }
    expect((await hide('not-an-id', true)).statusCode).toBe(400);
    expect(ids(await board('/api/queries-without-solution', otherToken))).toContain(query._id);
  });
});

describe('OpenAPI', () => {
  it('documents every queries route with its request and response schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/submit-query',
        '/api/queries-without-solution',
        '/api/queries-with-solution',
        '/api/queries-by-rollno/{rollNo}',
        '/api/queries/update-solution',
        '/api/queries/{id}/like',
        '/api/queries/{id}/hidden',
        '/api/queries',
      ]),
    );
    const submit = paths['/api/submit-query'].post;
    const body = submit.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['topic', 'tags', 'query']));
    expect(submit.responses['201']).toBeDefined();
    // Over the hourly allowance (plugins/write-limits.ts).
    expect(submit.responses['429']).toBeDefined();
    const hide = paths['/api/queries/{id}/hidden'].put;
    expect(hide.requestBody.content['application/json'].schema.required).toEqual(['hidden']);
    expect(hide.responses['200']).toBeDefined();
  });
});
