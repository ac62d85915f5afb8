/**
 * Questions people type into the chatbot, each with the demo FAQ question that answers it, or null
 * when nothing in the FAQ does (the chatbot must then say so). Paraphrases, typos, short and long
 * forms, and questions the FAQ does not cover, including ones that share a word with an item.
 * This is the tuning set: the synonym table and the thresholds are fitted on it. Precision and recall
 * are measured on held-out-set.ts, which nothing was fitted on.
 */
export interface FaqTestCase {
  asked: string;
  /** The FAQ item's question, exactly as in the demo FAQ, or null for "no answer". */
  expected: string | null;
}

const PASSWORD = 'How do I reset my password?';
const GATEPASS_APPLY = 'How do I apply for a gate pass?';
const GATEPASS_TIME = 'How long does gate pass approval take?';
const ATTENDANCE_SEE = 'Where can I see my attendance?';
const ATTENDANCE_MIN = 'What is the minimum attendance required?';
const MARKS = 'Where can I see my marks?';
const ASK = 'How do I ask a question to my teachers?';
const MENTOR = 'How do I contact my mentor?';
const SYLLABUS = 'Where do I find the syllabus?';
const LIBRARY = 'When is the library open?';
const FEES = 'How do I pay my semester fees?';
const SCHOLARSHIP = 'How do I apply for a scholarship?';
const EVENTS = 'Where can I find upcoming events?';
const BUG = 'How do I report a problem with the portal?';
const HOSTEL = 'Who do I contact about hostel issues?';
const BONAFIDE = 'How do I get a bonafide certificate?';
const ELECTIVE = 'Can I change my elective course?';
const EXAM = 'What happens if I miss an exam?';
const GPA = 'How are SGPA and CGPA calculated?';
const WIFI = 'Is there Wi-Fi on campus?';
const MEDICAL = 'Where is the medical centre?';
const CLUB = 'How do I join a student club?';
const LABS = 'Can I use the labs after class hours?';
const DETAILS = 'How do I update my personal details?';
const ID_CARD = 'Where do I get my ID card replaced?';
const LEAVE = 'How do I apply for leave?';

export const FAQ_TEST_SET: readonly FaqTestCase[] = [
  { asked: 'I forgot my password, how can I change it?', expected: PASSWORD },
  { asked: 'pasword reset', expected: PASSWORD },
  { asked: 'how to change password', expected: PASSWORD },
  { asked: 'aply for a gatepass', expected: GATEPASS_APPLY },
  { asked: 'how can i get permission to go out of campus', expected: GATEPASS_APPLY },
  { asked: 'gate pass application', expected: GATEPASS_APPLY },
  { asked: 'how long until my gate pass is approved', expected: GATEPASS_TIME },
  { asked: 'gatepass approval time', expected: GATEPASS_TIME },
  { asked: 'my gate pass was rejected why', expected: null },
  { asked: 'where do i check attendance', expected: ATTENDANCE_SEE },
  { asked: 'attendence percentage', expected: ATTENDANCE_SEE },
  { asked: 'minimum attendence', expected: ATTENDANCE_MIN },
  { asked: 'how much attendance do i need for exams', expected: ATTENDANCE_MIN },
  { asked: 'where are my grades and marks', expected: MARKS },
  { asked: 'see my marks', expected: MARKS },
  { asked: 'how do i ask my teacher a question', expected: ASK },
  { asked: 'post a query to teachers', expected: ASK },
  { asked: 'contact mentor', expected: MENTOR },
  { asked: 'how can i email my mentor', expected: MENTOR },
  { asked: 'syllabus for my course', expected: SYLLABUS },
  { asked: 'sylabus', expected: SYLLABUS },
  { asked: 'what are the library timings', expected: LIBRARY },
  { asked: 'library hours on weekends', expected: LIBRARY },
  { asked: 'how to pay fees', expected: FEES },
  { asked: 'semester fee payment', expected: FEES },
  { asked: 'scholarship form', expected: SCHOLARSHIP },
  { asked: 'upcoming events', expected: EVENTS },
  { asked: 'report a bug in the portal', expected: BUG },
  { asked: 'hostel room problem', expected: HOSTEL },
  { asked: 'bonafide certificate', expected: BONAFIDE },
  { asked: 'change elective', expected: ELECTIVE },
  { asked: 'i missed my exam what do i do', expected: EXAM },
  { asked: 'how is cgpa calculated', expected: GPA },
  { asked: 'is there wifi in the hostel', expected: WIFI },
  { asked: 'medical center location', expected: MEDICAL },
  { asked: 'join a club', expected: CLUB },
  { asked: 'can i work in the lab at night', expected: LABS },
  { asked: 'update my phone number in my details', expected: DETAILS },
  { asked: 'lost my id card', expected: ID_CARD },
  { asked: 'leave application', expected: LEAVE },
  { asked: 'apply for absence from classes', expected: LEAVE },
  { asked: 'can i bring my car to campus', expected: null },
  { asked: 'what is the wifi password for the hostel', expected: null },
  { asked: 'where is the canteen', expected: null },
  { asked: 'when are the semester exams', expected: null },
  { asked: 'who is the principal', expected: null },
  { asked: 'is there a bus to the city', expected: null },
  { asked: 'how do I', expected: null },
  { asked: 'xylophone quantum banana', expected: null },
  { asked: 'what is the weather today', expected: null },
  { asked: 'can i keep a pet in the hostel', expected: null },
  { asked: 'parking for bikes', expected: null },
  { asked: 'how do i apply for a job on campus', expected: null },
  { asked: 'when does the next semester start', expected: null },
];
