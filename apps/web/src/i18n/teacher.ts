/**
 * The teacher area's words (decision record 0090): English comes with the area's own code; Hindi is
 * loaded (locales/hi/teacher.json) when a teacher's screen asks in Hindi. Screens the admin shares
 * with teachers (leave, queries, performance, courses at risk) take their words from here too.
 */
import { useTranslation } from 'react-i18next';
import enTeacher from './locales/en/teacher.json';
import { formatDay } from '../lib/format';
import { i18n } from './i18n';
import { said } from './said';

i18n.addResourceBundle('en', 'teacher', enTeacher, true, false);

/** `t` of the teacher area's catalogue. */
export const useTeacherWords = () => useTranslation('teacher');
/** The `t` that useTeacherWords gives, for helpers that a screen hands it to. */
export type TeacherWords = ReturnType<typeof useTeacherWords>['t'];

/** "5 Dec 2031" or "5 Dec 2031 to 7 Dec 2031", in the person's language. */
export function useTeacherDayRange() {
  const { t } = useTeacherWords();
  return (from: string, to: string) =>
    from === to ? formatDay(from) : t('leave.range', { from: formatDay(from), to: formatDay(to) });
}

/** The English problems the contract's schemas name that the teacher catalogue knows, by their words. */
const PROBLEMS = new Map<string, string>(
  Object.entries(enTeacher.problems)
    .filter(([key]) => key !== 'required' && key !== 'invalid')
    .map(([key, english]) => [english, key]),
);

/**
 * A schema's problem with a field, after the field's name, in the person's language: "Heading is
 * required". A problem the catalogues do not know is shown as the contract wrote it.
 */
export function useFieldProblem() {
  const { t } = useTeacherWords();
  return (field: string, problem: string) => {
    if (problem === enTeacher.problems.isRequired) return t('problems.required', { field });
    const key = PROBLEMS.get(problem);
    return t('problems.invalid', { field, problem: key ? t(`problems.${key}`) : said(t, problem) });
  };
}
