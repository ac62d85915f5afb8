/**
 * The words of the screens every role shares (decision record 0090): the profile, the inbox and the
 * bell, the email and push settings, support and help, the FAQ chat, and the password pages. Some of
 * them open before sign-in, so English is looked up without i18next, from the catalogue that comes
 * with these screens' code; another language waits (Suspense) for i18next and its `account` catalogue.
 */
import { use } from 'react';
import type { Language } from '@campus/contract';
import enAccount from './locales/en/account.json';
import { loadEngine, useCommonWords, wordsOf, type Words } from './words';

/** The account area's English words, as the screens had them. */
export const english = wordsOf(enAccount);
const loading = new Map<Language, Promise<Words>>();

/**
 * The account catalogue's words in `language`, once i18next and the catalogue are here. The promise
 * is marked fulfilled as React's `use` reads it, so a screen shown later does not suspend again.
 */
export function accountWordsIn(language: Language): Promise<Words> {
  let words = loading.get(language);
  if (!words) {
    const promise: Promise<Words> & { status?: string; value?: Words } = loadEngine().then(
      async ({ i18n }) => {
        await i18n.loadLanguages(language);
        await i18n.loadNamespaces('account');
        // A key a language lacks falls back to English, as everywhere else.
        i18n.addResourceBundle('en', 'account', enAccount, true, false);
        const fixed = i18n.getFixedT(language, 'account');
        const t: Words = (key, values) => fixed(key, values);
        promise.status = 'fulfilled';
        promise.value = t;
        return t;
      },
    );
    words = promise;
    loading.set(language, words);
  }
  return words;
}

/** `t` of the account area in the shown language, re-rendering when it changes. */
export function useAccountWords(): Words {
  const { language } = useCommonWords();
  return language === 'en' ? english : use(accountWordsIn(language));
}

const KNOWN = new Map<string, string>(Object.entries(enAccount.said).map(([key, text]) => [text, key]));

/** A message of the server about passwords and links in the person's language, when it is known. */
export function saidOfAccount(t: Words, english: string): string {
  const key = KNOWN.get(english);
  return key ? t(`said.${key}`) : english;
}
