/**
 * The web app's languages (decision record 0090): one i18next instance, set up once, with
 * react-i18next's hooks. English is the spec's language and the fallback. Every Hindi catalogue is
 * its own small file, loaded by dynamic import when a screen of its area asks for it: a person reading
 * English downloads no Hindi. The sign-in route does without this module in English (words.ts); it
 * loads when another language is chosen there, and with the role areas.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@campus/contract';
import { followLanguage, isLanguage, storedLanguage } from './language-state';
import enCommon from './locales/en/common.json';

/** Every Hindi catalogue, each its own chunk (English comes with its area's code): `./locales/<language>/<area>.json`. */
const catalogues = import.meta.glob<{ default: ResourceKey }>(['./locales/*/*.json', '!./locales/en/*.json']);

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, area, done) {
    const load = catalogues[`./locales/${language}/${area}.json`];
    if (!load) {
      done(null, {});
      return;
    }
    load().then(
      (m) => done(null, m.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

/** Settled once the shown language's common catalogue is here. */
export const ready = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon } },
    partialBundledLanguages: true,
    // The English common catalogue is here already: the first screen renders without waiting.
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

/** The language being shown. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
