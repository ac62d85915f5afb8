/** The daily digest's frame in the person's language (decision record 0090); English as before. */
import type { Language } from '@campus/contract';

export interface DigestWords {
  subject: (count: number) => string;
  intro: string;
  open: (url: string) => string;
}

export const DIGEST_WORDS: Record<Language, DigestWords> = {
  en: {
    subject: (count) => `Your Campus Portal digest: ${count} new ${count === 1 ? 'item' : 'items'}`,
    intro: 'What happened for you in Campus Portal since your last digest:',
    open: (url) => `Open Campus Portal: ${url}`,
  },
  hi: {
    subject: (count) => `आपका Campus Portal सारांश: ${count} नई ${count === 1 ? 'सूचना' : 'सूचनाएँ'}`,
    intro: 'आपके पिछले सारांश के बाद से Campus Portal में आपके लिए क्या हुआ:',
    open: (url) => `Campus Portal खोलें: ${url}`,
  },
};
