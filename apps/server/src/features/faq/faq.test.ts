import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { newId } from '../../lib/ids';

let t: TestApp;
let adminToken: string;
let studentToken: string;
let teacherToken: string;

interface Item {
  id: string;
  question: string;
  answer: string;
}

const CORPUS = [
  { question: 'How do I reset my password?', answer: 'Open View Profile and choose Change password.' },
  {
    question: 'How do I apply for a gate pass?',
    answer: 'Open Gatepass, fill in the date, time and reason.',
  },
  { question: 'When is the library open?', answer: 'The central library is open from 8 am to 10 pm.' },
  { question: 'What is the minimum attendance required?', answer: 'At least 75% in every course.' },
];
const corpus: Item[] = [];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db)).loginId);
  teacherToken = await login(t.app, (await createTeacher(t.handle.db)).loginId);
  for (const item of CORPUS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/faq',
      payload: item,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(201);
    corpus.push(res.json());
  }
});
afterAll(() => t.close());

const questions = async (): Promise<Item[]> => {
  const res = await t.app.inject({ url: '/questions' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const matchAs = (q: string, token = studentToken) =>
  t.app.inject({ url: `/api/faq/match?q=${encodeURIComponent(q)}`, headers: bearer(token) });
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = adminToken) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('GET /questions', () => {
  it('is public and answers [{ id, question, answer }] in position order', async () => {
    const { db } = t.handle;
    const rows = [3000, 1000, 2000].map((position) => ({
      id: newId(),
      position,
      question: `Ordered question ${position}?`,
      answer: `Answer ${position}`,
    }));
    await db.insertInto('faq').values(rows).execute();

    const list = await questions();
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['answer', 'id', 'question']);
    const ordered = list.filter((item) => item.question.startsWith('Ordered question'));
    expect(ordered.map((item) => item.question)).toEqual([
      'Ordered question 1000?',
      'Ordered question 2000?',
      'Ordered question 3000?',
    ]);
    // The corpus was added through the API, before them, in the order given.
    expect(list.slice(0, CORPUS.length)).toEqual(corpus);

    await db
      .deleteFrom('faq')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  });
});

describe('GET /api/faq/match', () => {
  it('finds the item for an exact question, for every role', async () => {
    for (const token of [studentToken, teacherToken, adminToken]) {
      const res = await matchAs('How do I reset my password?', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ match: corpus[0], suggestions: [] });
    }
  });

  it('finds the item for a paraphrase and for a typo', async () => {
    expect((await matchAs('I forgot my password, how can I change it?')).json().match?.id).toBe(
      corpus[0]!.id,
    );
    expect((await matchAs('pasword reset')).json().match?.id).toBe(corpus[0]!.id);
    expect((await matchAs('what are the library timings')).json().match?.id).toBe(corpus[2]!.id);
    expect((await matchAs('aply for a gatepass')).json().match?.id).toBe(corpus[1]!.id);
    expect((await matchAs('minimum attendence')).json().match?.id).toBe(corpus[3]!.id);
  });

  it('answers { match: null } and no suggestions for nonsense', async () => {
    const res = await matchAs('xylophone quantum banana');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ match: null, suggestions: [] });
    expect((await matchAs('how do I')).json()).toEqual({ match: null, suggestions: [] });
  });

  it('does not answer a question that shares one word with an item, and suggests that item instead', async () => {
    const res = await matchAs('can i borrow a laptop charger from the library');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ match: null, suggestions: [corpus[2]] });
  });

  it('refuses a missing, blank or overlong q with 400 naming q, and anonymous callers with 401', async () => {
    const missing = await t.app.inject({ url: '/api/faq/match', headers: bearer(studentToken) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^q is required/);
    expect((await matchAs('   ')).statusCode).toBe(400);
    const long = await matchAs('x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^q must be at most 300 characters/);
    expect((await t.app.inject({ url: '/api/faq/match?q=password' })).statusCode).toBe(401);
  });
});

describe('FAQ editing (admins)', () => {
  it('adds an item at the end, trimmed, and it is matched at once', async () => {
    const res = await write('POST', '/api/faq', {
      question: '  Where is the medical centre?  ',
      answer: ' Next to the main gate. ',
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toEqual({
      id: expect.any(String),
      question: 'Where is the medical centre?',
      answer: 'Next to the main gate.',
    });
    const list = await questions();
    expect(list.at(-1)).toEqual(item);
    expect((await matchAs('medicl centre')).json().match).toEqual(item);
  });

  it('changes an item in place, keeping its position', async () => {
    const added = (
      await write('POST', '/api/faq', { question: 'Old question?', answer: 'Old answer.' })
    ).json();
    const after = (
      await write('POST', '/api/faq', { question: 'Next question?', answer: 'Next answer.' })
    ).json();
    const res = await write('PUT', `/api/faq/${added.id}`, {
      question: 'New question?',
      answer: 'New answer.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: added.id, question: 'New question?', answer: 'New answer.' });
    const list = await questions();
    const index = list.findIndex((item) => item.id === added.id);
    expect(list[index]).toEqual(res.json());
    expect(list[index + 1]!.id).toBe(after.id);
  });

  it('removes an item', async () => {
    const added = (await write('POST', '/api/faq', { question: 'Temporary?', answer: 'Yes.' })).json();
    const res = await write('DELETE', `/api/faq/${added.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'FAQ item removed' });
    expect((await questions()).some((item) => item.id === added.id)).toBe(false);
    expect((await write('DELETE', `/api/faq/${added.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 400 naming the field for a malformed id or body', async () => {
    const unknown = newId();
    const put = await write('PUT', `/api/faq/${unknown}`, { question: 'Q?', answer: 'A.' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: 'There is no FAQ item with this id' });
    expect((await write('DELETE', `/api/faq/${unknown}`)).statusCode).toBe(404);

    const badId = await write('PUT', '/api/faq/not-an-id', { question: 'Q?', answer: 'A.' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^id must be a valid id/);
    expect((await write('DELETE', '/api/faq/42')).statusCode).toBe(400);

    const noAnswer = await write('POST', '/api/faq', { question: 'Q?' });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().message).toMatch(/^answer is required/);
    const longQuestion = await write('PUT', `/api/faq/${corpus[0]!.id}`, {
      question: 'q'.repeat(301),
      answer: 'A.',
    });
    expect(longQuestion.statusCode).toBe(400);
    expect(longQuestion.json().message).toMatch(/^question must be at most 300 characters/);
    expect((await questions())[0]).toEqual(corpus[0]);
  });

  it('refuses anonymous (401), students and teachers (403) and changes nothing', async () => {
    const before = await questions();
    const target = corpus[1]!.id;
    const attempts = [
      ['POST', '/api/faq', { question: 'Sneaky?', answer: 'No.' }],
      ['PUT', `/api/faq/${target}`, { question: 'Sneaky?', answer: 'No.' }],
      ['DELETE', `/api/faq/${target}`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect((await write(method, url, payload, studentToken)).statusCode, `${method} ${url}`).toBe(403);
      expect((await write(method, url, payload, teacherToken)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await questions()).toEqual(before);
  });
});
