/** A course risk alert in Hindi counts its lectures by Hindi's plural rules; English keeps the contract's forecast. */
import { forecast } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { RISK_WORDS, type RiskFigures } from './words-risk';

const figures = (held: number, attended: number, remaining: number): RiskFigures => {
  const f = forecast('DBMS', held, attended, remaining, 75);
  const percent = Math.round((attended / held) * 1000) / 10;
  return {
    courseName: 'DBMS',
    percent,
    minPercent: 75,
    remaining,
    needed: f.needed,
    state: f.state,
    forecast: f.text,
  };
};

describe('a course risk alert', () => {
  it('is the English of the spec, word for word', () => {
    expect(RISK_WORDS.en(figures(4, 2, 14))).toBe(
      'DBMS attendance is 50 %, below 75 %. Attend 12 of the remaining 14 DBMS lectures to stay at 75 %.',
    );
    expect(RISK_WORDS.en(figures(10, 2, 2))).toBe('DBMS: 75 % in DBMS can no longer be reached.');
  });

  it('names one lecture and many as Hindi does', () => {
    expect(RISK_WORDS.hi(figures(3, 2, 1))).toBe(
      'DBMS में उपस्थिति 66.7 % है, 75 % से कम। 75 % पर बने रहने के लिए DBMS के बाकी 1 लेक्चर में से 1 में उपस्थित रहें',
    );
    expect(RISK_WORDS.hi(figures(4, 2, 14))).toBe(
      'DBMS में उपस्थिति 50 % है, 75 % से कम। 75 % पर बने रहने के लिए DBMS के बाकी 14 लेक्चरों में से 12 में उपस्थित रहें',
    );
    expect(RISK_WORDS.hi(figures(10, 2, 2))).toBe('DBMS: DBMS में 75 % तक अब नहीं पहुँचा जा सकता');
  });
});
