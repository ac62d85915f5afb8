import { describe, expect, it } from 'vitest';
import { FAQ } from '../../db/seed/demo-data';
import { evaluateMatcher } from './evaluate';
import { FAQ_HELD_OUT_SET } from './held-out-set';
import { answerFaq } from './matcher';
import { FAQ_TEST_SET } from './test-set';

const items = FAQ.map((item, i) => ({ id: `faq-${i}`, ...item }));
const questionOf = (q: string) => answerFaq(q, items).match?.question ?? null;

describe('the chatbot’s test sets', () => {
  it('hold at least 40 questions each, some the FAQ does not answer, none in both', () => {
    const known = new Set(FAQ.map((f) => f.question));
    for (const set of [FAQ_TEST_SET, FAQ_HELD_OUT_SET]) {
      expect(set.length).toBeGreaterThanOrEqual(40);
      expect(set.filter((c) => c.expected === null).length).toBeGreaterThanOrEqual(10);
      for (const c of set) if (c.expected) expect(known).toContain(c.expected);
    }
    const tuning = new Set(FAQ_TEST_SET.map((c) => c.asked.toLowerCase()));
    expect(FAQ_HELD_OUT_SET.filter((c) => tuning.has(c.asked.toLowerCase()))).toEqual([]);
  });
});

describe('the matcher on held-out questions', () => {
  const result = evaluateMatcher(items, FAQ_HELD_OUT_SET);

  it('answers with precision of at least 0.9: rarely a wrong answer', () => {
    expect(result.precision).toBeGreaterThanOrEqual(0.9);
  });

  it('answers with recall of at least 0.8, and reaches the right item by a suggestion otherwise', () => {
    expect(result.recall).toBeGreaterThanOrEqual(0.8);
    expect(result.answeredOrSuggested).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the matcher on the demo FAQ', () => {
  it('finds the leave answer for "How do I apply for leave"', () => {
    expect(questionOf('How do I apply for leave')).toBe('How do I apply for leave?');
    expect(questionOf('leave application')).toBe('How do I apply for leave?');
  });

  it('does not answer a question about something the FAQ does not cover because one word is shared', () => {
    expect(questionOf('can i bring my car to campus')).toBeNull();
    expect(questionOf('what is the wifi password for the hostel')).toBeNull();
    expect(questionOf('parking for bikes')).toBeNull();
    expect(questionOf('how do i apply for a job on campus')).toBeNull();
  });

  it('offers the closest questions when it is not sure', () => {
    const { match, suggestions } = answerFaq('how much attendance do i need for exams', items);
    expect(match).toBeNull();
    expect(suggestions.map((s) => s.question)).toContain('What is the minimum attendance required?');
    expect(answerFaq('xylophone quantum banana', items)).toEqual({ match: null, suggestions: [] });
  });
});
