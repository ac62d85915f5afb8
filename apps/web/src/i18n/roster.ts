/**
 * The teacher's roster screens' words (decision record 0090): the day roster, a lecture's roster and
 * the marks waiting on the device. English comes with the screens' code; Hindi is loaded
 * (locales/hi/roster.json) when a screen asks in Hindi.
 */
import { useTranslation } from 'react-i18next';
import enRoster from './locales/en/roster.json';
import { i18n } from './i18n';
import { isLanguage, pageLang } from './language-state';

i18n.addResourceBundle('en', 'roster', enRoster, true, false);

/** `t` of the roster catalogue, and the `lang` of a roster screen (the teacher's shell may stay English). */
export function useRosterWords() {
  const { t, i18n: shown } = useTranslation('roster');
  return { t, lang: pageLang(isLanguage(shown.language) ? shown.language : 'en') };
}

/** A status in the person's language: "Present", "उपस्थित". */
export const statusKey = (status: string): string => `status.${status}`;
