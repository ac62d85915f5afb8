import { describe, expect, it } from 'vitest';
import { FAQ } from '../../db/seed/demo-data';
import { evaluateMatcher } from './evaluate';
import { answerFaq } from './matcher';
import { FAQ_TEST_SET } from './test-set';

const items = FAQ.map((item, i) => ({ id: `faq-${i}`, ...item }));
const questionOf = (q: string) => answerFaq(q, items).match?.question ?? null;

describe('the matcher against the chatbot test set', () => {
  it('holds at least 40 questions, some the FAQ does not answer', () => {
    expect(FAQ_TEST_SET.length).toBeGreaterThanOrEqual(40);
    expect(FAQ_TEST_SET.filter((c) => c.expected === null).length).toBeGreaterThanOrEqual(10);
    const known = new Set(FAQ.map((f) => f.question));
    for (const c of FAQ_TEST_SET) if (c.expected) expect(known).toContain(c.expected);
  });

  it('answers rarely wrong and mostly right, and reaches the right item by a suggestion otherwise', () => {
    const result = evaluateMatcher(items, FAQ_TEST_SET);
    expect(result.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.recall).toBeGreaterThanOrEqual(0.8);
    expect(result.answeredOrSuggested).toBeGreaterThanOrEqual(0.9);
  });

  it('does not answer a question about something the FAQ does not cover because one word is shared', () => {
    expect(questionOf('can i bring my car to campus')).toBeNull();
    expect(questionOf('what is the wifi password for the hostel')).toBeNull();
    expect(questionOf('parking for bikes')).toBeNull();
    expect(questionOf('how do i apply for a job on campus')).toBeNull();
  });

  it('offers the closest questions when it is not sure', () => {
    const { match, suggestions } = answerFaq('my gate pass was rejected why', items);
    expect(match).toBeNull();
    expect(suggestions.map((s) => s.question)).toEqual(
      expect.arrayContaining(['How do I apply for a gate pass?', 'How long does gate pass approval take?']),
    );
    expect(answerFaq('xylophone quantum banana', items)).toEqual({ match: null, suggestions: [] });
  });
});
