/**
 * The student area's words (decision record 0090): English comes with the area's own code, as the
 * screens' words did before; Hindi is loaded (locales/hi/student.json) when a screen asks in Hindi.
 */
import { useTranslation } from 'react-i18next';
import enStudent from './locales/en/student.json';
import { formatDay } from '../lib/format';
import { i18n } from './i18n';

i18n.addResourceBundle('en', 'student', enStudent, true, false);

/** `t` of the student area's catalogue. */
export const useStudentWords = () => useTranslation('student');

/** "5 Dec 2031" or "5 Dec 2031 to 7 Dec 2031", in the person's language. */
export function useDayRange() {
  const { t } = useStudentWords();
  return (from: string, to: string) =>
    from === to ? formatDay(from) : t('leave.range', { from: formatDay(from), to: formatDay(to) });
}
