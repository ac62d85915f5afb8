/**
 * The consent mail's words, in the guardian's language (decision record 0092, as the gate pass
 * decision mail does it in mail/words.ts). English is plain; Hindi is written for readers of Hindi.
 */
import type { Language } from '@campus/contract';

export interface ConsentMail {
  child: string;
  guardian: string;
  /** The pass's day, as the guardian's language writes it. */
  day: string;
  time: string;
  returnBy: string | null;
  reason: string;
  link: string;
}

interface ConsentWords {
  subject: (child: string) => string;
  text: (m: ConsentMail) => string[];
}

export const CONSENT_WORDS: Record<Language, ConsentWords> = {
  en: {
    subject: (child) => `${child} asks to leave campus: your consent is needed`,
    text: (m) => [
      `Hello ${m.guardian},`,
      '',
      `${m.child} has applied for a gate pass to leave campus on ${m.day} at ${m.time}${m.returnBy ? `, back by ${m.returnBy}` : ''}.`,
      `Reason: ${m.reason}`,
      '',
      'The campus asks for your consent before the mentor decides. Open this link to consent or decline; it asks you to confirm, works once, and expires when the pass is to start:',
      '',
      m.link,
      '',
      'You can also answer on the Campus Portal, on your child’s screen.',
      '',
      '--',
      'Why you got this: you are linked to this student as their guardian, and the campus asks guardians before a gate pass goes to the mentor.',
      '',
    ],
  },
  hi: {
    subject: (child) => `${child} परिसर से बाहर जाना चाहते हैं: आपकी सहमति चाहिए`,
    text: (m) => [
      `नमस्ते ${m.guardian},`,
      '',
      `${m.child} ने ${m.day} को ${m.time} बजे परिसर से बाहर जाने के लिए गेट पास माँगा है${m.returnBy ? `, ${m.returnBy} बजे तक वापसी` : ''}।`,
      `कारण: ${m.reason}`,
      '',
      'मेंटर के निर्णय से पहले परिसर आपकी सहमति चाहता है। सहमति देने या मना करने के लिए यह लिंक खोलें; यह पुष्टि माँगता है, एक ही बार काम करता है, और पास के शुरू होने पर समाप्त हो जाता है:',
      '',
      m.link,
      '',
      'आप Campus Portal पर अपने बच्चे की स्क्रीन पर भी उत्तर दे सकते हैं।',
      '',
      '--',
      'यह ईमेल आपको क्यों मिला: आप इस विद्यार्थी के अभिभावक के रूप में जुड़े हैं, और परिसर गेट पास मेंटर तक जाने से पहले अभिभावक से पूछता है।',
      '',
    ],
  },
};
