/** The questions the chatbot found nothing for: kept for admins, counted, bounded, and dismissed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqUnmatched } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, login } from '../../../test/fixtures';
import { UNMATCHED_CAP, unmatchedRepository } from './unmatched';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db)).loginId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/faq',
    headers: bearer(adminToken),
    payload: { question: 'When is the library open?', answer: 'From 8 am to 10 pm.' },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t.close());

const ask = (q: unknown, token = studentToken) =>
  t.app.inject({ method: 'POST', url: '/api/faq/ask', headers: bearer(token), payload: { q } });
const unmatched = async (): Promise<FaqUnmatched[]> => {
  const res = await t.app.inject({ url: '/api/faq/unmatched', headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('asking the chatbot', () => {
  it('answers a question the FAQ answers and keeps nothing of it', async () => {
    const res = await ask('library opening hours');
    expect(res.statusCode).toBe(200);
    expect(res.json().match).toMatchObject({ question: 'When is the library open?' });
    expect((await unmatched()).map((u) => u.question)).not.toContain('library opening hours');
  });

  it('keeps a question that found nothing once, counting repeats whatever their case', async () => {
    for (const q of ['Where is the canteen?', 'where is the CANTEEN', 'Where is the canteen?']) {
      const res = await ask(q);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ match: null, suggestions: [] });
    }
    const kept = (await unmatched()).filter((u) => u.question.toLowerCase().includes('canteen'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ question: 'Where is the canteen?', times: 3 });
    expect(Date.parse(kept[0]!.lastAskedAt)).toBeGreaterThanOrEqual(Date.parse(kept[0]!.firstAskedAt));
    expect(Object.keys(kept[0]!).sort()).toEqual(['firstAskedAt', 'id', 'lastAskedAt', 'question', 'times']);
  });

  it('refuses an empty or too long question with 400', async () => {
    expect((await ask('   ')).statusCode).toBe(400);
    expect((await ask('x'.repeat(301))).statusCode).toBe(400);
  });
});

describe('the unanswered list', () => {
  it('is for admins only', async () => {
    const res = await t.app.inject({ url: '/api/faq/unmatched', headers: bearer(studentToken) });
    expect(res.statusCode).toBe(403);
  });

  it('lets an admin remove a question, and answers 404 for one that is gone', async () => {
    await ask('is there a swimming pool');
    const [pool] = (await unmatched()).filter((u) => u.question === 'is there a swimming pool');
    const url = `/api/faq/unmatched/${pool!.id}`;
    const removed = await t.app.inject({ method: 'DELETE', url, headers: bearer(adminToken) });
    expect(removed.statusCode).toBe(200);
    expect((await unmatched()).map((u) => u.id)).not.toContain(pool!.id);
    const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(adminToken) });
    expect(again.statusCode).toBe(404);
  });

  it('keeps at most the cap, dropping the least recently asked, and forgets questions not asked for months', async () => {
    const repo = unmatchedRepository(t.handle.db);
    const start = Date.parse('2026-01-01T00:00:00Z');
    await repo.record('asked long ago', new Date(start - 200 * 86_400_000));
    for (let i = 0; i < UNMATCHED_CAP + 5; i++)
      await repo.record(`question ${i}`, new Date(start + i * 1000));
    const kept = await t.handle.db.selectFrom('faq_unmatched').select(['question']).execute();
    expect(kept).toHaveLength(UNMATCHED_CAP);
    const texts = new Set(kept.map((k) => k.question));
    expect(texts.has('asked long ago')).toBe(false);
    expect(texts.has('question 0')).toBe(false);
    expect(texts.has(`question ${UNMATCHED_CAP + 4}`)).toBe(true);
  });
});
