/**
 * The guardian area's words (decision records 0090, 0092): the code sign-in, the children screen
 * and the consent page. English comes with the area's own code; Hindi is loaded
 * (locales/hi/guardian.json) when a guardian's screen asks in Hindi.
 */
import { useTranslation } from 'react-i18next';
import { CONSENT_MESSAGES } from '@campus/contract';
import enGuardian from './locales/en/guardian.json';
import { i18n } from './i18n';

i18n.addResourceBundle('en', 'guardian', enGuardian, true, false);

/** `t` of the guardian area's catalogue. */
export const useGuardianWords = () => useTranslation('guardian');

const CONSENT_KEYS = new Map<string, string>(
  Object.entries(CONSENT_MESSAGES).map(([key, text]) => [text, key]),
);

/** A consent answer's message from the server in the guardian's language; another as written. */
export function consentSaid(t: (key: string) => string, english: string): string {
  const key = CONSENT_KEYS.get(english);
  return key ? t(`link.said.${key}`) : english;
}
