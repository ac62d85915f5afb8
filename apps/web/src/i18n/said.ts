/**
 * The server's and the contract's messages (SPEC §8, verbatim in English) shown in the person's
 * language: a message the catalogue knows (`said.*` in common) is looked up by its English words;
 * any other is shown as the server wrote it, in English.
 */
import enCommon from './locales/en/common.json';

const KNOWN = new Map<string, string>(Object.entries(enCommon.said).map(([key, english]) => [english, key]));

/** `t` is i18next's, or words.ts's; a student screen's `t` is told to look in common. */
export function said(t: (key: string, options?: { ns: string }) => string, english: string): string {
  const key = KNOWN.get(english);
  return key ? t(`said.${key}`, { ns: 'common' }) : english;
}
