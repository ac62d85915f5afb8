/**
 * The Queries board as a student reads it on a big campus: one page at a time with the total in
 * X-Total-Count, searched by words (full-text, best match first) and filtered by a tag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type Query } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createStudent, createTeacher, login, type StudentPerson } from '../../../test/fixtures';

let t: TestApp;
let student: StudentPerson;
let studentToken: string;
let teacherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await createStudent(t.handle.db);
  const teacher = await createTeacher(t.handle.db);
  [studentToken, teacherToken] = await Promise.all([
    login(t.app, student.loginId),
    login(t.app, teacher.loginId),
  ]);
});
afterAll(() => t.close());

const get = (url: string, token = studentToken) => t.app.inject({ url, headers: bearer(token) });

async function ask(topic: string, query: string, tags: string[]): Promise<Query> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submit-query',
    headers: bearer(studentToken),
    payload: { topic, tags, query },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ query: Query }>().query;
}

async function board(url: string): Promise<{ topics: string[]; total: number }> {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ queries: Query[] }>();
  expect(Object.keys(body)).toEqual(['queries']);
  return {
    topics: body.queries.map((q) => q.topic),
    total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
  };
}

describe('the Queries board, paged and searched', () => {
  let fees: Query;
  let hostel: Query;
  let answered: Query;

  beforeAll(async () => {
    // 25 queries about the library, then three more that a search or a tag must pick out.
    for (let i = 1; i <= 25; i++) await ask(`Library question ${i}`, 'When does it open?', ['library']);
    fees = await ask('Semester fees deadline', 'Can the payment be split in two?', ['Fees', 'admin']);
    hostel = await ask('Hostel water', 'No hot water since Monday; who fixes it? Also the fees receipt.', [
      'hostel',
    ]);
    answered = await ask('Fees refund after withdrawal', 'How long does a refund take?', ['fees']);
    const solved = await t.app.inject({
      method: 'PUT',
      url: '/api/queries/update-solution',
      headers: bearer(teacherToken),
      payload: { queryId: answered._id, solution: 'About two weeks.' },
    });
    expect(solved.statusCode).toBe(200);
  });

  it('answers one page with the number of all matching queries, and every page in turn', async () => {
    const first = await board('/api/queries-without-solution?limit=20');
    expect(first.topics).toHaveLength(20);
    expect(first.total).toBe(27);
    expect(first.topics[0]).toBe('Hostel water');
    const second = await board('/api/queries-without-solution?limit=20&offset=20');
    expect(second.topics).toHaveLength(7);
    expect(second.total).toBe(27);
    expect(new Set([...first.topics, ...second.topics]).size).toBe(27);
  });

  it('still answers the whole board without a limit, for clients built from the spec', async () => {
    const whole = await board('/api/queries-without-solution');
    expect(whole.topics).toHaveLength(27);
    expect(whole.total).toBe(27);
  });

  it('finds words in topic, tags and description, ignoring case, and the beginning of a word', async () => {
    // "fees": a topic word (the deadline), a tag and a description word (the hostel).
    const found = await board('/api/queries-without-solution?limit=20&search=FEES');
    expect(found.topics).toEqual([fees.topic, hostel.topic]);
    expect(found.total).toBe(2);
    expect((await board('/api/queries-without-solution?limit=20&search=withdraw')).topics).toEqual([]);
    expect((await board('/api/queries-with-solution?limit=20&search=withdraw')).topics).toEqual([
      answered.topic,
    ]);
    // A word of a tag alone: the tags are in the search document from the moment the query is asked.
    expect((await board('/api/queries-without-solution?limit=20&search=admin')).topics).toEqual([fees.topic]);
    // Every word must occur.
    expect((await board('/api/queries-without-solution?limit=20&search=fees%20split')).topics).toEqual([
      fees.topic,
    ]);
  });

  it('answers each question of a search or a tag with its own tags, in the order they were given', async () => {
    const tagsOf = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      return res.json<{ queries: Query[] }>().queries.map((q) => [q.topic, q.tags]);
    };
    expect(await tagsOf('/api/queries-without-solution?limit=20&search=fees')).toEqual([
      [fees.topic, ['Fees', 'admin']],
      [hostel.topic, ['hostel']],
    ]);
    expect(await tagsOf('/api/queries-without-solution?limit=20&tag=admin')).toEqual([
      [fees.topic, ['Fees', 'admin']],
    ]);
    // The board's own first page, kept for every reader, carries them too.
    expect((await tagsOf('/api/queries-without-solution?limit=20')).slice(0, 2)).toEqual([
      [hostel.topic, ['hostel']],
      [fees.topic, ['Fees', 'admin']],
    ]);
  });

  it('ranks a match in the topic above a match in the description only', async () => {
    const found = await board('/api/queries-without-solution?search=hot%20water');
    expect(found.topics).toEqual([hostel.topic]);
    const ranked = await board('/api/queries-without-solution?search=fees');
    expect(ranked.topics[0]).toBe(fees.topic);
  });

  it('pages a search with its own total', async () => {
    const first = await board('/api/queries-without-solution?limit=10&search=library');
    expect(first.topics).toHaveLength(10);
    expect(first.total).toBe(25);
    const last = await board('/api/queries-without-solution?limit=10&offset=20&search=library');
    expect(last.topics).toHaveLength(5);
    expect(last.total).toBe(25);
    expect(first.topics.filter((topic) => last.topics.includes(topic))).toEqual([]);
  });

  it('treats search text as words, never as query syntax', async () => {
    for (const text of ['"fees', 'fees*', 'fees OR library', 'NOT fees', 'fees:*', "fees' & !x"]) {
      const res = await get(`/api/queries-without-solution?limit=20&search=${encodeURIComponent(text)}`);
      expect(res.statusCode, text).toBe(200);
    }
    expect((await board('/api/queries-without-solution?search=%25%25%25')).topics).toEqual([]);
  });

  it('keeps the queries of one tag, whole and ignoring case', async () => {
    const tagged = await board('/api/queries-without-solution?limit=20&tag=fees');
    expect(tagged.topics).toEqual([fees.topic]);
    expect(tagged.total).toBe(1);
    expect((await board('/api/queries-with-solution?tag=FEES')).topics).toEqual([answered.topic]);
    expect((await board('/api/queries-without-solution?tag=fee')).topics).toEqual([]);
    const both = await board('/api/queries-without-solution?limit=20&tag=library&search=question%2025');
    expect(both.topics).toEqual(['Library question 25']);
  });

  it('refuses a too long search or an empty tag with 400 naming the problem', async () => {
    const long = await get(`/api/queries-without-solution?search=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/search/);
    const empty = await get('/api/queries-without-solution?tag=%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/tag/);
  });

  it("pages a student's own queries, solved or unsolved", async () => {
    const url = `/api/queries-by-rollno/${student.rollNo}`;
    const unsolved = await board(`${url}?limit=5&solved=false`);
    expect(unsolved.topics).toHaveLength(5);
    expect(unsolved.total).toBe(27);
    expect(await board(`${url}?solved=true`)).toEqual({ topics: [answered.topic], total: 1 });
    expect((await board(`${url}?limit=20`)).total).toBe(28);
  });
});
