/**
 * The guard's gate desk in the person's language (decision record 0090): English comes with the
 * desk's code; Hindi is loaded (locales/hi/guard.json) when the desk asks in Hindi. Short words: a
 * guard reads them at a glance with a queue at the gate.
 */
import { useTranslation } from 'react-i18next';
import type { GateAnswer } from '@campus/contract';
import enGuard from './locales/en/guard.json';
import { i18n } from './i18n';

i18n.addResourceBundle('en', 'guard', enGuard, true, false);

/** `t` of the guard catalogue. */
export const useGuardWords = () => useTranslation('guard');

type T = ReturnType<typeof useGuardWords>['t'];

/**
 * The answer's headline in the person's language: the refusal's reason, else the outcome (the server
 * writes the same words in English, from the same reason and outcome).
 */
export const answerWords = (t: T, answer: Pick<GateAnswer, 'outcome' | 'reason'>): string =>
  answer.reason ? t(`refusal.${answer.reason}`) : t(`outcome.${answer.outcome}`);
