/**
 * Campus words that mean the same thing to the chatbot, as data: each group's words all count as its
 * first word, in the FAQ and in typed questions alike. A word may stand for several ("gatepass" is a
 * gate pass). Fitted on test-set.ts only; held-out-set.ts stays unseen (see that file).
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['leave', 'absence', 'absent'],
  ['pass', 'outing', 'outpass', 'permission'],
  ['mark', 'grade', 'performance', 'result', 'score'],
  ['password', 'passcode', 'pwd'],
  ['reset', 'forgot', 'forget', 'recover', 'change'],
  ['question', 'query'],
  ['teacher', 'faculty', 'professor', 'lecturer'],
  ['mentor', 'advisor', 'adviser'],
  ['contact', 'email', 'mail'],
  ['open', 'hour', 'timing'],
  ['long', 'time', 'duration'],
  ['fee', 'payment', 'pay', 'tuition'],
  ['problem', 'bug', 'issue', 'error', 'fault'],
  ['portal', 'website', 'site', 'app'],
  ['medical', 'health', 'doctor', 'clinic', 'hospital'],
  ['centre', 'center'],
  ['club', 'society'],
  ['lab', 'laboratory'],
  ['detail', 'profile', 'information', 'info'],
  ['exam', 'examination', 'test'],
  ['wifi', 'internet', 'network'],
  ['syllabus', 'curriculum'],
  ['event', 'fest'],
  ['see', 'check', 'view'],
  ['minimum', 'require', 'mandatory'],
  ['approve', 'approval'],
  ['replace', 'lost', 'lose'],
  ['report', 'complain', 'complaint'],
];

/** Words that stand for several: each is read as all of them. */
export const COMPOUNDS: Readonly<Record<string, readonly string[]>> = {
  gatepass: ['gate', 'pass'],
  idcard: ['id', 'card'],
  cgpa: ['cgpa', 'gpa'],
  sgpa: ['sgpa', 'gpa'],
};
