/**
 * The account mails in the person's language (decision record 0090): the password reset link, and
 * the confirmation of a new address with its notice to the old one, a guardian's sign-in code.
 * English word for word as before.
 */
import type { Language } from '@campus/contract';

export interface AccountMailWords {
  hello: (name: string) => string;
  reset: {
    subject: string;
    asked: (loginId: number) => string;
    within: (minutes: number) => string;
    ignore: string;
    why: string;
  };
  confirm: {
    subject: string;
    asked: (loginId: number, hours: number) => string;
    until: string;
  };
  oldAddress: {
    subject: string;
    asked: (loginId: number, masked: string) => string;
    nothing: string;
    notYou: string;
  };
  /** A guardian's one-time sign-in code (decision record 0091). */
  guardianCode: {
    subject: (code: string) => string;
    code: (code: string) => string;
    within: (minutes: number, loginId: number) => string;
    ignore: string;
    why: string;
  };
}

export const ACCOUNT_MAIL_WORDS: Record<Language, AccountMailWords> = {
  en: {
    hello: (name) => `Hello ${name},`,
    reset: {
      subject: 'Choose a new Campus Portal password',
      asked: (loginId) =>
        `Someone (we hope you) asked to choose a new password for Campus Portal User ID ${loginId}.`,
      within: (minutes) => `Open this link within ${minutes} minutes to choose it; it works once:`,
      ignore: 'If you did not ask, ignore this mail: your password stays as it is.',
      why: 'Why you got this: a new password was asked for on the Campus Portal sign-in screen for the account with this email address. These mails are sent only when asked for.',
    },
    confirm: {
      subject: 'Confirm your new Campus Portal email address',
      asked: (loginId, hours) =>
        `You asked to use this address for Campus Portal User ID ${loginId}. Open this link within ${hours} hours to confirm it:`,
      until:
        'Until you do, your mail keeps going to your current address. If you did not ask, ignore this mail.',
    },
    oldAddress: {
      subject: 'Your Campus Portal email address is being changed',
      asked: (loginId, masked) =>
        `Someone signed in as Campus Portal User ID ${loginId} asked to use ${masked} instead of this address.`,
      nothing: 'Nothing changes until a link sent to the new address is opened.',
      notYou: 'If this was not you, sign in and change your password at once, and tell the campus office.',
    },
    guardianCode: {
      subject: (code) => `${code} is your Campus Portal sign-in code`,
      code: (code) => `Your sign-in code for Campus Portal is ${code}.`,
      within: (minutes, loginId) =>
        `Enter it within ${minutes} minutes; it works once. Your guardian User ID is ${loginId}.`,
      ignore: 'If you did not ask for it, ignore this mail: nobody can sign in without the code.',
      why: 'Why you got this: a sign-in code was asked for with this address on the Campus Portal guardian sign-in page. These mails are sent only when asked for.',
    },
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    reset: {
      subject: 'Campus Portal का नया पासवर्ड चुनें',
      asked: (loginId) =>
        `किसी ने (आशा है आपने) Campus Portal यूज़र आईडी ${loginId} के लिए नया पासवर्ड चुनने को कहा है।`,
      within: (minutes) => `इसे चुनने के लिए यह लिंक ${minutes} मिनट के भीतर खोलें; यह एक ही बार काम करता है:`,
      ignore: 'अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
      why: 'यह ईमेल आपको क्यों मिला: इस ईमेल पते वाले खाते के लिए Campus Portal की साइन-इन स्क्रीन पर नया पासवर्ड माँगा गया। ये ईमेल केवल माँगने पर भेजे जाते हैं।',
    },
    confirm: {
      subject: 'Campus Portal के लिए अपने नए ईमेल पते की पुष्टि करें',
      asked: (loginId, hours) =>
        `आपने Campus Portal यूज़र आईडी ${loginId} के लिए यह पता इस्तेमाल करने को कहा है। पुष्टि के लिए यह लिंक ${hours} घंटे के भीतर खोलें:`,
      until:
        'जब तक आप पुष्टि नहीं करते, आपके ईमेल आपके मौजूदा पते पर ही जाते रहेंगे। अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें।',
    },
    oldAddress: {
      subject: 'आपका Campus Portal ईमेल पता बदला जा रहा है',
      asked: (loginId, masked) =>
        `Campus Portal यूज़र आईडी ${loginId} से साइन इन किए किसी व्यक्ति ने इस पते की जगह ${masked} इस्तेमाल करने को कहा है।`,
      nothing: 'जब तक नए पते पर भेजा गया लिंक नहीं खोला जाता, कुछ नहीं बदलेगा।',
      notYou: 'अगर यह आप नहीं थे, तो साइन इन करके तुरंत अपना पासवर्ड बदलें, और कैंपस कार्यालय को बताएँ।',
    },
    guardianCode: {
      subject: (code) => `${code} आपका Campus Portal साइन-इन कोड है`,
      code: (code) => `Campus Portal के लिए आपका साइन-इन कोड ${code} है।`,
      within: (minutes, loginId) =>
        `इसे ${minutes} मिनट के भीतर डालें; यह एक ही बार काम करता है। आपकी अभिभावक यूज़र आईडी ${loginId} है।`,
      ignore: 'अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: कोड के बिना कोई साइन इन नहीं कर सकता।',
      why: 'यह ईमेल आपको क्यों मिला: Campus Portal के अभिभावक साइन-इन पेज पर इस पते से साइन-इन कोड माँगा गया। ये ईमेल केवल माँगने पर भेजे जाते हैं।',
    },
  },
};
