/**
 * The words of the lists a teacher shares with the campus office (decision record 0090): the
 * attendance report, the student directory (Manage Students) and the gate movements. They are an
 * area of their own so that the teacher's first screen loads none of them: English comes with these
 * screens' code, and Hindi is loaded (locales/hi/office.json) when one of them asks in Hindi.
 */
import { useTranslation } from 'react-i18next';
import enOffice from './locales/en/office.json';
import { ApiError } from '../lib/api-client';
import { whatToDo } from '../lib/failure';
import { i18n } from './i18n';
import { said } from './said';

i18n.addResourceBundle('en', 'office', enOffice, true, false);

/** `t` of the office lists' catalogue. */
export const useOfficeWords = () => useTranslation('office');
/** The `t` that useOfficeWords gives, for helpers that a screen hands it to. */
export type OfficeWords = ReturnType<typeof useOfficeWords>['t'];

/** A failure's second line, as lib/failure.ts writes it, with the server's words in the person's language. */
export function failureWords(t: OfficeWords, error: unknown): string {
  const server = error instanceof ApiError && error.serverMessage ? said(t, error.serverMessage) : '';
  return [server, whatToDo(error)].filter(Boolean).join('\n');
}
