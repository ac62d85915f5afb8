/**
 * What a student is told when their standing in a course worsens (timetable/risk-alerts.ts), in
 * their language (decision record 0090). English is the contract's forecast, word for word; Hindi
 * is written from the same figures, with its plurals by the language's rules (CLDR).
 */
import type { CourseStanding, Language } from '@campus/contract';

/** The figures a risk alert is written from. */
export type RiskFigures = Pick<
  CourseStanding,
  'courseName' | 'percent' | 'minPercent' | 'remaining' | 'needed' | 'state' | 'forecast'
>;

const hindiPlural = new Intl.PluralRules('hi');
/** "लेक्चर" for one (and none, as Hindi counts), "लेक्चरों" in the oblique plural otherwise. */
const lecturesHi = (n: number) => (hindiPlural.select(n) === 'one' ? 'लेक्चर' : 'लेक्चरों');

/** The forecast in Hindi: the same cases, in the same order, as the contract's `forecast`. */
function forecastHi(s: RiskFigures): string {
  const { courseName: course, minPercent: min, remaining, needed } = s;
  if (s.state === 'unreachable') return `${course} में ${min} % तक अब नहीं पहुँचा जा सकता`;
  if (remaining === 0) return `इस सत्र में ${course} का कोई लेक्चर बाकी नहीं है`;
  if (needed === 0) {
    return hindiPlural.select(remaining) === 'one'
      ? `${course} में ${min} % सुरक्षित है, बाकी ${remaining} लेक्चर छोड़ने पर भी`
      : `${course} में ${min} % सुरक्षित है, बाकी सभी ${remaining} लेक्चर छोड़ने पर भी`;
  }
  return `${min} % पर बने रहने के लिए ${course} के बाकी ${remaining} ${lecturesHi(remaining)} में से ${needed} में उपस्थित रहें`;
}

/** A risk alert's text: below the rule now, or out of its reach. */
export const RISK_WORDS: Record<Language, (s: RiskFigures) => string> = {
  en: (s) =>
    s.state === 'unreachable'
      ? `${s.courseName}: ${s.forecast}.`
      : `${s.courseName} attendance is ${s.percent} %, below ${s.minPercent} %. ${s.forecast}.`,
  // No closing danda: the mail that follows a notification ends its sentence (notify-mail.ts).
  hi: (s) =>
    s.state === 'unreachable'
      ? `${s.courseName}: ${forecastHi(s)}`
      : `${s.courseName} में उपस्थिति ${s.percent} % है, ${s.minPercent} % से कम। ${forecastHi(s)}`,
};
