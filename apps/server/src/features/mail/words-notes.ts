/**
 * Notifications (the bell, the inbox, and the subject of the mail that follows) and push titles in
 * the person's language (decision record 0090). English word for word as before; the gate pass
 * decision's words are in words.ts.
 */
import { PUSH_TITLES, type Language, type NotificationKind } from '@campus/contract';

export interface NoteWords {
  queryAnswered: (topic: string) => string;
  leaveRequested: (name: string, from: string, to: string) => string;
  absenceReported: (name: string, from: string, to: string) => string;
  leaveApproved: (from: string, to: string, by: string | null) => string;
  leaveRejected: (from: string, to: string, by: string | null, reason: string) => string;
  gatePassRequested: (name: string) => string;
  overdue: (name: string, group: string, due: string) => string;
  mentorNotice: (author: string | null) => string;
  noticePosted: (title: string) => string;
  supportReceived: (name: string) => string;
}

export const NOTE_WORDS: Record<Language, NoteWords> = {
  en: {
    queryAnswered: (topic) => `Your query '${topic}' was answered`,
    leaveRequested: (name, from, to) => `New leave application from ${name} (${from} to ${to})`,
    absenceReported: (name, from, to) => `Absence of ${name} reported by a guardian (${from} to ${to})`,
    leaveApproved: (from, to, by) => `Your leave from ${from} to ${to} was approved${by ? ` by ${by}` : ''}`,
    leaveRejected: (from, to, by, reason) =>
      `Your leave from ${from} to ${to} was rejected${by ? ` by ${by}` : ''}: ${reason}`,
    gatePassRequested: (name) => `New gate pass request from ${name}`,
    overdue: (name, group, due) => `${name} (${group}) is out past their return time (${due})`,
    mentorNotice: (author) => `New mentor notice from ${author ?? 'your mentor'}`,
    noticePosted: (title) => `New notice: ${title}`,
    supportReceived: (name) => `New support message from ${name}`,
  },
  hi: {
    queryAnswered: (topic) => `आपके प्रश्न '${topic}' का उत्तर दे दिया गया है`,
    leaveRequested: (name, from, to) => `${name} से नया छुट्टी आवेदन (${from} से ${to} तक)`,
    absenceReported: (name, from, to) => `अभिभावक ने ${name} की अनुपस्थिति की सूचना दी (${from} से ${to} तक)`,
    leaveApproved: (from, to, by) =>
      `${from} से ${to} तक की आपकी छुट्टी ${by ? `${by} द्वारा ` : ''}स्वीकृत कर दी गई है`,
    leaveRejected: (from, to, by, reason) =>
      `${from} से ${to} तक की आपकी छुट्टी ${by ? `${by} द्वारा ` : ''}अस्वीकृत कर दी गई है${reason ? `। कारण: ${reason}` : ''}`,
    gatePassRequested: (name) => `${name} से नया गेट पास अनुरोध`,
    overdue: (name, group, due) => `${name} (${group}) लौटने के समय (${due}) के बाद भी बाहर हैं`,
    mentorNotice: (author) => `${author ?? 'आपके मेंटर'} की ओर से नई मेंटर सूचना`,
    noticePosted: (title) => `नई सूचना: ${title}`,
    supportReceived: (name) => `${name} से नया सहायता संदेश`,
  },
};

/** What a lock screen shows for each kind: a title only, never the text (decision record 0088). */
export const PUSH_TITLE_WORDS: Record<Language, Record<NotificationKind, string>> = {
  en: PUSH_TITLES,
  hi: {
    'gatepass.decided': 'आपके गेट पास पर निर्णय हो गया है',
    'gatepass.requested': 'नया गेट पास अनुरोध',
    'gatepass.overdue': 'एक मेंटी देर से लौट रहा है',
    'query.answered': 'आपके प्रश्न का उत्तर आ गया है',
    'notice.mentor': 'नई मेंटर सूचना',
    'notice.posted': 'नई सूचना',
    'support.received': 'नया सहायता संदेश',
    'leave.requested': 'नया छुट्टी अनुरोध',
    'leave.decided': 'आपकी छुट्टी पर निर्णय हो गया है',
    'attendance.risk': 'किसी कोर्स में उपस्थिति जोखिम में',
  },
};
