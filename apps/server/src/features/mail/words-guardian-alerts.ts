/**
 * The guardian alerts of guardians.ts (decision record 0034) in the guardian's language (decision
 * record 0090): English word for word as before, for a contact on the student's record and every
 * guardian who reads English; Hindi for a linked guardian account that reads Hindi.
 */
import { ATTENDANCE_WARNING_PERCENT, type Language } from '@campus/contract';

/** What a guardian may be told of. `gate*` are for the gate feature to call. */
export type GuardianEvent = 'attendanceBelowWarning' | 'gateExit' | 'gateReturn' | 'gateOverdue';

export interface GuardianAlertWords {
  subject: Record<GuardianEvent, (student: string) => string>;
  /** The subject and the news as one line (a mail's first paragraph, a digest's item). */
  news: (subject: string, details: string) => string;
  /** A daily attendance's fall below the warning line. */
  belowWarning: (percentage: string, present: number, total: number) => string;
  /** The gate's news of a pass: out, back, and not back in time. */
  exited: (student: string, day: string, returnBy: string | null | undefined) => string;
  returned: (student: string, day: string) => string;
  overdue: (student: string, due: string, zone: string) => string;
  hello: (guardian: string | null) => string;
  why: (student: string, rollNo: number) => string;
  change: string;
  stop: (url: string) => string;
}

const LINE = ATTENDANCE_WARNING_PERCENT;

export const GUARDIAN_ALERT_WORDS: Record<Language, GuardianAlertWords> = {
  en: {
    subject: {
      attendanceBelowWarning: (s) => `${s}'s attendance is below ${LINE}%`,
      gateExit: (s) => `${s} left the campus`,
      gateReturn: (s) => `${s} returned to the campus`,
      gateOverdue: (s) => `${s} has not returned to the campus in time`,
    },
    news: (subject, details) => `${subject}. ${details}`,
    belowWarning: (percentage, present, total) =>
      `It is now ${percentage}% (${present} present of ${total} days marked). The campus expects at least ${LINE}%.`,
    exited: (s, day, returnBy) =>
      `${s} left the campus on a gate pass for ${day}${returnBy ? `, due back by ${returnBy}` : ''}.`,
    returned: (s, day) => `${s} came back to the campus from a gate pass for ${day}.`,
    overdue: (s, due, zone) => `${s} was due back by ${due} (${zone}) and has not returned.`,
    hello: (guardian) => `Dear ${guardian ?? 'guardian'},`,
    why: (student, rollNo) =>
      `Why you got this: your address is recorded as the guardian contact of ${student} (roll number ${rollNo}) at the campus, and the campus tells guardians of this.`,
    change:
      "To change the guardian contact, the student can ask the campus office, or an admin can change it in the student's record.",
    stop: (url) => `Stop all emails to this address with one click: ${url}`,
  },
  hi: {
    subject: {
      attendanceBelowWarning: (s) => `${s} की उपस्थिति ${LINE}% से कम है`,
      gateExit: (s) => `${s} कैंपस से बाहर गए`,
      gateReturn: (s) => `${s} कैंपस लौट आए`,
      gateOverdue: (s) => `${s} समय पर कैंपस नहीं लौटे`,
    },
    news: (subject, details) => `${subject}। ${details}`,
    belowWarning: (percentage, present, total) =>
      `अब यह ${percentage}% है (${total} अंकित दिनों में से ${present} दिन उपस्थित)। कैंपस कम से कम ${LINE}% उपस्थिति की अपेक्षा करता है।`,
    exited: (s, day, returnBy) =>
      `${s} ${day} के गेट पास पर कैंपस से बाहर गए${returnBy ? `, ${returnBy} तक लौटना है` : ''}।`,
    returned: (s, day) => `${s} ${day} के गेट पास से कैंपस लौट आए।`,
    overdue: (s, due, zone) => `${s} को ${due} (${zone}) तक लौटना था, और वे अभी तक नहीं लौटे हैं।`,
    hello: (guardian) => `प्रिय ${guardian ?? 'अभिभावक'},`,
    why: (student, rollNo) =>
      `यह ईमेल आपको क्यों मिला: कैंपस में आपका पता ${student} (रोल नंबर ${rollNo}) के अभिभावक संपर्क के रूप में दर्ज है, और कैंपस अभिभावकों को इसकी सूचना देता है।`,
    change:
      'अभिभावक संपर्क बदलने के लिए छात्र कैंपस कार्यालय से कह सकते हैं, या कोई व्यवस्थापक छात्र के रिकॉर्ड में इसे बदल सकता है।',
    stop: (url) => `इस पते पर सभी ईमेल एक क्लिक में बंद करें: ${url}`,
  },
};

/** An alert's details written in every language, for each guardian to read in theirs. */
export const inEveryLanguage = (write: (words: GuardianAlertWords) => string): Record<Language, string> => ({
  en: write(GUARDIAN_ALERT_WORDS.en),
  hi: write(GUARDIAN_ALERT_WORDS.hi),
});
