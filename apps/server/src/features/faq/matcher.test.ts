import { describe, expect, it } from 'vitest';
import { bestFaqMatch, MATCH_THRESHOLD, scoreFaq } from './matcher';
import { normalize, stem, tokenize } from './text';

const FAQ = [
  {
    id: 'password',
    question: 'How do I reset my password?',
    answer: 'Open View Profile from the profile menu and choose Change password.',
  },
  {
    id: 'gatepass-apply',
    question: 'How do I apply for a gate pass?',
    answer: 'Go to Gatepass, open Apply for Gate Pass, fill in the date, time and reason, and submit.',
  },
  {
    id: 'gatepass-time',
    question: 'How long does gate pass approval take?',
    answer: 'Most requests are decided within a working day.',
  },
  {
    id: 'library',
    question: 'When is the library open?',
    answer: 'The central library is open from 8 am to 10 pm on weekdays.',
  },
  {
    id: 'attendance',
    question: 'What is the minimum attendance required?',
    answer: 'Most courses require at least 75% attendance to sit the end-semester examinations.',
  },
  {
    id: 'wifi',
    question: 'Is there Wi-Fi on campus?',
    answer: 'Yes, the campus network covers academic blocks, the library and hostels.',
  },
  {
    id: 'teachers',
    question: 'How do I ask a question to my teachers?',
    answer: 'Open Queries, choose Write Query, add a topic, tags and your question, and submit it.',
  },
];

const match = (q: string) => bestFaqMatch(q, FAQ)?.id ?? null;

describe('text preparation', () => {
  it('normalizes case, accents and punctuation, joining hyphenated and apostrophised words', () => {
    expect(normalize('  Wi-Fi?  Café,  mentor’s  DESK!! ')).toBe('wifi cafe mentors desk');
  });

  it('drops stop words and duplicates and stems', () => {
    expect(tokenize('How do I reset my passwords? Resetting password!')).toEqual(['reset', 'password']);
    expect(stem('classes')).toBe('class');
    expect(stem('queries')).toBe('query');
    expect(stem('campus')).toBe('campus');
    expect(stem('pass')).toBe('pass');
    expect(stem('stopped')).toBe('stop');
    expect(stem('filling')).toBe('fill');
    expect(stem('approved')).toBe(stem('approve'));
    expect(stem('leaving')).toBe(stem('leave'));
    expect(tokenize('how do I')).toEqual([]);
  });

  it('reads synonyms and compounds as the same terms', () => {
    expect(tokenize('absence')).toEqual(tokenize('leave'));
    expect(tokenize('grades')).toEqual(tokenize('marks'));
    expect(tokenize('results')).toEqual(tokenize('performance'));
    expect(tokenize('outing')).toEqual(tokenize('pass'));
    expect(tokenize('gatepass')).toEqual(tokenize('gate pass'));
  });
});

describe('bestFaqMatch', () => {
  it('finds the item for its exact question', () => {
    for (const item of FAQ) expect(match(item.question)).toBe(item.id);
  });

  it('finds the item for a synonym', () => {
    expect(match('apply for an outing')).toBe('gatepass-apply');
    expect(match('faculty questions')).toBe('teachers');
  });

  it('finds the item for a paraphrase', () => {
    expect(match('I forgot my password, how can I change it?')).toBe('password');
    expect(match('what are the library timings')).toBe('library');
    expect(match('how much attendance do I need at minimum')).toBe('attendance');
    expect(match('how long until my gate pass is approved')).toBe('gatepass-time');
    expect(match('is there internet wifi in the campus')).toBe('wifi');
  });

  it('finds the item despite typos', () => {
    expect(match('pasword reset')).toBe('password');
    expect(match('PASSWROD')).toBe('password');
    expect(match('aply for gatepass')).toBe('gatepass-apply');
    expect(match('minimum attendence')).toBe('attendance');
    expect(match('libary open')).toBe('library');
  });

  it('answers null for nonsense, for text of only stop words and for an empty FAQ', () => {
    expect(match('xylophone quantum banana')).toBeNull();
    expect(match('what is the weather today')).toBeNull();
    expect(match('can I bring my dog')).toBeNull();
    expect(match('how do I')).toBeNull();
    expect(match('?!')).toBeNull();
    expect(bestFaqMatch('password', [])).toBeNull();
  });

  it('does not match on one common answer word alone', () => {
    expect(match('submit')).toBeNull();
  });

  it('scores between 0 and 1, best first, and keeps the FAQ order on ties', () => {
    const scored = scoreFaq('gate pass', FAQ);
    expect(scored).toHaveLength(FAQ.length);
    for (const { score } of scored) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect(scored.map((s) => s.score)).toEqual([...scored.map((s) => s.score)].sort((a, b) => b - a));
    expect(scored[0]!.item.id).toBe('gatepass-apply');
    expect(scored[0]!.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);

    const twins = [
      { id: 'first', question: 'Where is the canteen?', answer: 'Near the gate.' },
      { id: 'second', question: 'Where is the canteen?', answer: 'Near the gate.' },
    ];
    expect(bestFaqMatch('canteen', twins)?.id).toBe('first');
  });
});
