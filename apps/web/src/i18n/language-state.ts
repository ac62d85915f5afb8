/**
 * Which language the page is in, without the translation library (decision record 0090): read and
 * kept in the browser, and the page's `lang`. The sign-in route has this and the English words only;
 * i18next comes when another language is shown or a role area loads.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@campus/contract';
import './i18n.css';

/** Where the chosen language is kept in this browser, before sign-in and after. */
export const LANGUAGE_KEY = 'campus.language';
/** Set when the language was chosen before sign-in: the next sign-in keeps it with the account. */
export const CHOSEN_KEY = 'campus.language.chosen';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language this browser keeps, else English. */
export function storedLanguage(): Language {
  try {
    const kept = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(kept) ? kept : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Keeps `language` in this browser; a browser that keeps nothing still shows it for this visit. */
export function keepLanguage(language: Language, chosenBeforeSignIn = false): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
    if (chosenBeforeSignIn) localStorage.setItem(CHOSEN_KEY, '1');
  } catch {
    // As said.
  }
}

/** The campus locale the page was served with (`CAMPUS_LOCALE`, en-IN by default). */
const servedLocale =
  typeof document !== 'undefined' && /^[a-z]{2,3}-[A-Z]{2}$/.test(document.documentElement.lang)
    ? document.documentElement.lang
    : 'en-IN';

/**
 * The page's `lang` for a language: the campus locale for English, and the language with the
 * campus's region otherwise ("hi-IN"), so that lib/format.ts writes dates and numbers in the
 * campus's forms through `Intl`, in the person's language.
 */
export function pageLang(language: Language): string {
  if (language === 'en') return servedLocale;
  return `${language}-${servedLocale.split('-')[1] ?? 'IN'}`;
}

/** Sets the page's `lang` for `language`. */
export function followLanguage(language: string): void {
  if (typeof document === 'undefined' || !isLanguage(language)) return;
  document.documentElement.lang = pageLang(language);
}
followLanguage(storedLanguage());
