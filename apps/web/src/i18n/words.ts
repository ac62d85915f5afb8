/**
 * The public pages' words (sign-in, the language switch) without i18next in the first bundle
 * (decision record 0090). In English they come from the bundled English catalogue; once i18next is
 * here (another language was chosen, or a role area loaded it), from i18next. A page in another
 * language waits (Suspense) for i18next and its catalogue, which load as soon as this module does.
 */
import { use, useSyncExternalStore } from 'react';
import type { Language } from '@campus/contract';
import enCommon from './locales/en/common.json';
import type * as engineModule from './i18n';
import { storedLanguage } from './language-state';

type Engine = typeof engineModule;
/** Looks a key up: `{{name}}` filled from `values`; `count` picks the CLDR plural form. */
export type Words = (key: string, values?: Record<string, string | number>) => string;

let engine: Engine | null = null;
let loading: Promise<Engine> | null = null;
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

/** i18next, set up, with the shown language's common catalogue. */
export function loadEngine(): Promise<Engine> {
  loading ??= import('./i18n').then(async (m) => {
    await m.ready;
    engine = m;
    m.i18n.on('languageChanged', changed);
    changed();
    return m;
  });
  return loading;
}
if (storedLanguage() !== 'en') void loadEngine();

const plural = new Intl.PluralRules('en');

/** A bundled English catalogue's words, as i18next would give them. */
export const wordsOf =
  (catalogue: object): Words =>
  (key, values = {}) => {
    const path = key.split('.');
    const last = path.pop()!;
    let node: unknown = catalogue;
    for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
    const table = node as Record<string, unknown> | undefined;
    const form = typeof values.count === 'number' ? `${last}_${plural.select(values.count)}` : last;
    const text = table?.[form] ?? table?.[last];
    if (typeof text !== 'string') return key;
    return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
  };

/** The English common catalogue's words. */
export const englishWords: Words = wordsOf(enCommon);

/**
 * A common word outside a render (a toast, a failure's text): in the shown language once i18next is
 * here, in English before (an English reader never loads i18next on the public pages).
 */
export const commonWord: Words = (key, values) =>
  engine ? engine.i18n.t(key, { ns: 'common', ...values }) : englishWords(key, values);

/** The words of the common catalogue in the shown language, re-rendering when it changes. */
export function useCommonWords(): { t: Words; language: Language } {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
    () => version,
  );
  const current = engine ? engine.currentLanguage() : storedLanguage();
  if (engine) {
    const fixed = engine.i18n.getFixedT(null, 'common');
    return { t: (key, values) => fixed(key, values), language: current };
  }
  if (current === 'en') return { t: englishWords, language: 'en' };
  // Another language: wait for i18next and its catalogue (they started loading with this module).
  const loaded = use(loadEngine());
  const fixed = loaded.i18n.getFixedT(null, 'common');
  return { t: (key, values) => fixed(key, values), language: loaded.currentLanguage() };
}
