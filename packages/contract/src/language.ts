import { z } from 'zod';

/**
 * The languages a person can read the portal in (decision record 0090). English is the spec's and
 * the default; the API's own messages stay English whatever a person chose.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export const LanguageSchema = z.enum(LANGUAGES, { error: 'Language must be one of: en, hi' });
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name written in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The signed-in person's language, as read and as set on their profile. */
export const AccountLanguageSchema = z.object({ language: LanguageSchema });
export type AccountLanguage = z.infer<typeof AccountLanguageSchema>;
