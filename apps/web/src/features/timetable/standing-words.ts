/**
 * Where a student stands, in the person's language (decision record 0090): the forecast sentence and
 * the lectures attended, written from the figures of a standing. In English the forecast is the
 * server's sentence (the contract's `forecast()`) as it came; a unit test holds the English catalogue
 * to that sentence, so that every language says the same thing.
 */
import type { CourseStanding } from '@campus/contract';
import { formatCount } from '../../lib/format';
import { lectureNumber } from './format';

/** An area's `t` (i18n/student.ts, i18n/forecast.ts), or one fixed to a language. */
export type StudentWords = (key: string, options?: Record<string, unknown>) => string;

type Figures = Pick<
  CourseStanding,
  'courseName' | 'minPercent' | 'remaining' | 'needed' | 'state' | 'forecast'
>;

/**
 * "Attend 7 of the remaining 12 DBMS lectures to stay at 75 %", and its other forms; `t` is the
 * forecast area's (i18n/forecast.ts), which every screen with a forecast shares.
 */
export function forecastWords(t: StudentWords, s: Figures, language: string): string {
  if (language === 'en') return s.forecast;
  const common = { course: s.courseName, min: s.minPercent };
  if (s.state === 'unreachable') return t('unreachable', common);
  if (s.remaining === 0) return t('noneLeft', common);
  if (s.needed === 0) return t('safe', { ...common, count: s.remaining });
  return t('attend', { ...common, count: s.remaining, needed: s.needed });
}

/** "Attended 33 of 40 lectures", or that none has been held. */
export function attendedWords(t: StudentWords, held: number, attended: number): string {
  if (held === 0) return t('standings.noneHeld');
  return t('standings.attended', { count: held, held: formatCount(held), attended: lectureNumber(attended) });
}

/** "33 of 40" in the table of courses, or that none has been held. */
export function attendedOfWords(t: StudentWords, held: number, attended: number): string {
  if (held === 0) return t('courses.noneHeld');
  return t('courses.attendedOf', { held: formatCount(held), attended: lectureNumber(attended) });
}
