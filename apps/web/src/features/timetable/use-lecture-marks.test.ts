import { describe, expect, it } from 'vitest';
import type { LectureRosterRow } from '@campus/contract';
import { i18n } from '../../i18n/i18n';
import '../../i18n/roster';
import { dayWithWeekday } from './lecture-day';
import { submissionOf } from './use-lecture-marks';

const row = (rollNo: number) =>
  ({ RollNo: rollNo, Name: `Student ${rollNo}` }) as unknown as LectureRosterRow;
const late = (minutes: string) => ({ status: 'Late' as const, minutes });

describe('the minutes of a Late mark', () => {
  it('names why minutes cannot be sent, and sends the rows that can', () => {
    const students = [1, 2, 3, 4].map(row);
    const edits = new Map([
      [1, late('0')],
      [2, late('241')],
      [3, late('ten')],
      [4, late('5')],
    ]);
    const { records, problems } = submissionOf(students, edits, new Map(), new Map(), new Set());
    expect([...problems]).toEqual([
      [1, 'tooFew'],
      [2, 'tooMany'],
      [3, 'notWhole'],
    ]);
    expect(records).toEqual([{ studentId: 4, status: 'Late', lateMinutes: 5 }]);
  });

  it('says so in the teacher’s language', async () => {
    await i18n.changeLanguage('hi');
    await i18n.loadNamespaces('roster');
    await i18n.changeLanguage('en');
    const en = i18n.getFixedT('en', 'roster');
    const hi = i18n.getFixedT('hi', 'roster');
    expect(en('lecture.lateProblem.tooMany', { max: 240 })).toBe('Minutes late must be at most 240');
    expect(hi('lecture.lateProblem.tooFew')).toBe('देर के मिनट कम से कम 1 हों');
    // The lecture's day names its weekday in the same language: 3 February 2031 was a Monday.
    expect(dayWithWeekday('2031-02-03', en)).toMatch(/^Monday, /);
    expect(dayWithWeekday('2031-02-03', hi)).toMatch(/^सोमवार, /);
  });
});
