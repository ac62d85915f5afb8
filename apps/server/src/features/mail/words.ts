/**
 * The words the server writes to a person in their language (decision record 0090): the gate pass
 * decision's notification and the frame of the mails that follow notifications. English is the
 * spec's and stays word for word; Hindi is written for readers of Hindi, not word for word.
 * The API's own messages (a response's `message`) stay English for the spec's clients.
 */
import { MAIL_KIND_LABELS, type Language, type MailKind } from '@campus/contract';

/** The locale a language's days are written in: Hindi with the campus's region ("7 दिस॰ 2026"). */
export function localeFor(language: Language, campusLocale = 'en-IN'): string {
  if (language === 'en') return campusLocale;
  const region = campusLocale.split('-')[1] ?? 'IN';
  return `${language}-${region}`;
}

export interface DecisionWords {
  approved: (day: string, by: string | null) => string;
  rejected: (day: string, by: string | null, reason: string | null) => string;
}

export const DECISION_WORDS: Record<Language, DecisionWords> = {
  en: {
    approved: (day, by) => `Your gate pass for ${day} was approved${by ? ` by ${by}` : ''}`,
    rejected: (day, by, reason) =>
      `Your gate pass for ${day} was rejected${by ? ` by ${by}` : ''}${reason ? `: ${reason}` : ''}`,
  },
  hi: {
    approved: (day, by) => `${day} के लिए आपका गेट पास ${by ? `${by} द्वारा ` : ''}स्वीकृत कर दिया गया है`,
    rejected: (day, by, reason) =>
      `${day} के लिए आपका गेट पास ${by ? `${by} द्वारा ` : ''}अस्वीकृत कर दिया गया है${reason ? `। कारण: ${reason}` : ''}`,
  },
};

export interface MailWords {
  hello: (name: string) => string;
  open: (url: string) => string;
  why: (loginId: number, setting: string) => string;
  change: (url: string) => string;
  stop: (label: string, url: string) => string;
  /** How the person chose to get this kind: at once or in the daily digest. */
  how: { 'at once': string; 'daily digest': string };
}

export const MAIL_WORDS: Record<Language, MailWords> = {
  en: {
    hello: (name) => `Hello ${name},`,
    open: (url) => `Open it in Campus Portal: ${url}`,
    why: (loginId, setting) =>
      `Why you got this: your Campus Portal account (User ID ${loginId}) has "${setting}" in its email settings.`,
    change: (url) => `Change your email settings on your profile: ${url}`,
    stop: (label, url) => `Stop "${label}" emails with one click: ${url}`,
    how: { 'at once': 'at once', 'daily digest': 'daily digest' },
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    open: (url) => `Campus Portal में देखें: ${url}`,
    why: (loginId, setting) =>
      `यह ईमेल आपको क्यों मिला: आपके Campus Portal खाते (यूज़र आईडी ${loginId}) की ईमेल सेटिंग में "${setting}" चुना गया है।`,
    change: (url) => `अपनी ईमेल सेटिंग अपनी प्रोफ़ाइल पर बदलें: ${url}`,
    stop: (label, url) => `"${label}" ईमेल एक क्लिक में बंद करें: ${url}`,
    how: { 'at once': 'तुरंत', 'daily digest': 'दैनिक सारांश' },
  },
};

/** The email settings' kinds in Hindi, as the footer names them. */
export const MAIL_KIND_LABELS_HI: Record<MailKind, string> = {
  gatePassDecided: 'गेट पास या छुट्टी पर निर्णय',
  queryAnswered: 'प्रश्नों के उत्तर',
  notices: 'मेरे लिए सूचनाएँ',
  menteeRequests: 'मेंटी के अनुरोध',
  supportMessages: 'सहायता संदेश',
  attendanceRisk: 'किसी कोर्स में उपस्थिति जोखिम में',
};

/** An email settings' kind as the person's language names it. */
export const kindLabel = (language: Language, kind: MailKind): string =>
  language === 'hi' ? MAIL_KIND_LABELS_HI[kind] : MAIL_KIND_LABELS[kind];
