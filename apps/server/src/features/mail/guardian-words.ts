/**
 * The words of the mails a guardian's own choices bring (decision record 0093): a notice meant for
 * guardians, a child's leave decided, and the daily digest. In the guardian's language (decision
 * record 0090); the alerts of `guardians.ts` have theirs in words-guardian-alerts.ts.
 */
import type { GuardianMailKind, Language } from '@campus/contract';

export interface GuardianWords {
  hello: (name: string) => string;
  noticeSubject: (title: string) => string;
  noticeItem: (title: string) => string;
  leaveDecided: (child: string, from: string, to: string, status: 'approved' | 'rejected') => string;
  digestSubject: (count: number) => string;
  digestIntro: string;
  kinds: Record<GuardianMailKind, string>;
  open: (url: string) => string;
  why: string;
  change: (url: string) => string;
  stop: (url: string) => string;
  /** A push message's title: no name or text, a lock screen can be read by anyone (record 0088). */
  pushTitles: Record<GuardianMailKind, string>;
}

export const GUARDIAN_WORDS: Record<Language, GuardianWords> = {
  en: {
    hello: (name) => `Dear ${name},`,
    noticeSubject: (title) => `Notice for guardians: ${title}`,
    noticeItem: (title) => `New notice for guardians: ${title}`,
    leaveDecided: (child, from, to, status) => `${child}'s leave from ${from} to ${to} was ${status}`,
    digestSubject: (count) => `Your Campus Portal digest: ${count} new ${count === 1 ? 'item' : 'items'}`,
    digestIntro: 'What happened for your children at the campus since your last digest:',
    kinds: {
      movements: 'Went out or returned',
      attendance: 'Attendance at risk',
      leave: 'Leave decided',
      notices: 'Notices for guardians',
    },
    open: (url) => `Open Campus Portal: ${url}`,
    why: 'Why you got this: you are linked to your children at the campus as their guardian, and your notification settings ask for this.',
    change: (url) => `Change your notification settings: ${url}`,
    stop: (url) => `Stop all emails to this address with one click: ${url}`,
    pushTitles: {
      movements: 'Your child went out or came back',
      attendance: "Your child's attendance is at risk",
      leave: "Your child's leave was decided",
      notices: 'New notice for guardians',
    },
  },
  hi: {
    hello: (name) => `प्रिय ${name},`,
    noticeSubject: (title) => `अभिभावकों के लिए सूचना: ${title}`,
    noticeItem: (title) => `अभिभावकों के लिए नई सूचना: ${title}`,
    leaveDecided: (child, from, to, status) =>
      `${child} की ${from} से ${to} तक की छुट्टी ${status === 'approved' ? 'स्वीकृत' : 'अस्वीकृत'} कर दी गई है`,
    digestSubject: (count) => `आपका Campus Portal सारांश: ${count} नई ${count === 1 ? 'सूचना' : 'सूचनाएँ'}`,
    digestIntro: 'आपके पिछले सारांश के बाद से कैंपस में आपके बच्चों के बारे में:',
    kinds: {
      movements: 'बाहर गए या लौटे',
      attendance: 'उपस्थिति जोखिम में',
      leave: 'छुट्टी पर निर्णय',
      notices: 'अभिभावकों के लिए सूचनाएँ',
    },
    open: (url) => `Campus Portal खोलें: ${url}`,
    why: 'यह ईमेल आपको क्यों मिला: आप कैंपस में अपने बच्चों के अभिभावक के रूप में जुड़े हैं, और आपकी सूचना सेटिंग में यह चुना गया है।',
    change: (url) => `अपनी सूचना सेटिंग बदलें: ${url}`,
    stop: (url) => `इस पते पर सभी ईमेल एक क्लिक में बंद करें: ${url}`,
    pushTitles: {
      movements: 'आपका बच्चा बाहर गया या लौटा',
      attendance: 'आपके बच्चे की उपस्थिति जोखिम में है',
      leave: 'आपके बच्चे की छुट्टी पर निर्णय हो गया',
      notices: 'अभिभावकों के लिए नई सूचना',
    },
  },
};
