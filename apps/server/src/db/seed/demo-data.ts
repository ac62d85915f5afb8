/** The texts of the demo campus: names, notices, courses and FAQ, written for a generic university. */

export const FIRST_NAMES = [
  'Aarav',
  'Diya',
  'Kabir',
  'Meera',
  'Rohan',
  'Ananya',
  'Vikram',
  'Isha',
  'Arjun',
  'Sara',
  'Nikhil',
  'Priya',
  'Omar',
  'Leela',
  'Dev',
  'Tara',
  'Samir',
  'Nina',
  'Yash',
  'Riya',
  'Farhan',
  'Kavya',
  'Ishaan',
  'Zoya',
  'Aditya',
  'Maya',
  'Rahul',
  'Sana',
  'Karan',
  'Pooja',
];
export const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Khan',
  'Patel',
  'Reddy',
  'Das',
  'Menon',
  'Singh',
  'Gupta',
  'Nair',
  'Bose',
  'Joshi',
  'Kapoor',
  'Mehta',
  'Rao',
  'Shah',
  'Pillai',
  'Chopra',
  'Ali',
];
export const FATHER_FIRST = ['Rajesh', 'Suresh', 'Anil', 'Mahesh', 'Imran', 'Prakash', 'Vijay', 'Ravi'];
export const MOTHER_FIRST = ['Sunita', 'Anita', 'Kavita', 'Rekha', 'Farida', 'Lata', 'Geeta', 'Asha'];
export const CATEGORIES = ['General', 'OBC', 'SC', 'ST', 'EWS'];

export const GROUPS = ['CSE-A', 'CSE-B', 'ECE-A'];

export const TEACHERS = [
  { teacherId: 500001, name: 'Dr. Anjali Rao', gender: 'Female', group: 'CSE-A' },
  { teacherId: 500002, name: 'Prof. Sameer Kulkarni', gender: 'Male', group: 'CSE-B' },
  { teacherId: 500003, name: 'Dr. Fatima Sheikh', gender: 'Female', group: 'ECE-A' },
  { teacherId: 500004, name: 'Prof. Manoj Pillai', gender: 'Male', group: 'CSE-A' },
  { teacherId: 500005, name: 'Dr. Neha Banerjee', gender: 'Female', group: 'CSE-B' },
  { teacherId: 500006, name: 'Prof. Arvind Menon', gender: 'Male', group: 'ECE-A' },
];

export const ADMIN = { adminId: 900001, name: 'Campus Administrator', email: 'admin@campus.example.edu' };

/** The guard at the main gate: the gate desk of the demo campus. */
export const GUARD = { guardId: 700001, name: 'Main Gate', email: 'main.gate@campus.example.edu' };
/** A guardian of two students (decision record 0091): signs in with the demo password or a mailed code. */
export const GUARDIAN = {
  guardianId: 800001,
  name: 'Sunita Verma',
  email: 'sunita.verma@family.example.org',
  children: [230001, 230002],
};

export const MENTOR_NOTICES = [
  {
    heading: 'Mentor meeting on Friday',
    description: 'All mentees meet in Room 204 at 3 pm to review mid-semester progress.',
  },
  {
    heading: 'Project proposals due',
    description: 'Submit a one-page proposal for your semester project to your mentor by next Monday.',
  },
  {
    heading: 'Office hours moved',
    description: 'This week my office hours are on Thursday from 11 am to 1 pm instead of Wednesday.',
  },
  {
    heading: 'Attendance reminder',
    description: 'Students below 75% attendance must meet me before the end of the month.',
  },
];

export const EVENTS = [
  {
    eventName: 'Tech Fest 2026',
    hostBy: 'Computer Science Society',
    description: 'Coding contests, robotics and talks from alumni across two days.',
    time: '10:00',
  },
  {
    eventName: 'Annual Sports Meet',
    hostBy: 'Sports Committee',
    description: 'Track and field events, football and basketball finals.',
    time: '08:30',
  },
  {
    eventName: 'Career Fair',
    hostBy: 'Placement Cell',
    description: 'Meet recruiters from forty companies. Bring printed copies of your resume.',
    time: '11:00',
  },
  {
    eventName: 'Cultural Night',
    hostBy: 'Cultural Council',
    description: 'Music, dance and drama performances by student clubs.',
    time: '18:00',
  },
];

export const GENERAL_NOTICES = [
  {
    heading: 'Library hours extended',
    description: 'During examinations the central library stays open until midnight.',
  },
  {
    heading: 'Fee payment deadline',
    description: 'Semester fees must be paid through the accounts office by the 15th.',
  },
  {
    heading: 'Hostel maintenance',
    description: 'Water supply in Block C will be interrupted on Sunday from 9 am to noon.',
  },
  {
    heading: 'Scholarship applications open',
    description: 'Merit scholarship forms are available at the student affairs office.',
  },
];

export const COURSES = [
  {
    courseName: 'Data Structures',
    semester: '3',
    topics: ['Arrays and linked lists', 'Stacks and queues', 'Trees', 'Graphs', 'Hashing'],
  },
  {
    courseName: 'Database Systems',
    semester: '4',
    topics: ['Relational model', 'SQL', 'Normalization', 'Transactions', 'Indexing'],
  },
  {
    courseName: 'Operating Systems',
    semester: '4',
    topics: ['Processes and threads', 'Scheduling', 'Memory management', 'File systems'],
  },
  {
    courseName: 'Computer Networks',
    semester: '5',
    topics: ['OSI and TCP/IP', 'Routing', 'Transport protocols', 'Network security'],
  },
  {
    courseName: 'Discrete Mathematics',
    semester: '2',
    topics: ['Logic', 'Sets and relations', 'Combinatorics', 'Graph theory'],
  },
  {
    courseName: 'Digital Electronics',
    semester: '2',
    topics: ['Number systems', 'Boolean algebra', 'Combinational circuits', 'Sequential circuits'],
  },
  {
    courseName: 'Signals and Systems',
    semester: '3',
    topics: ['Continuous and discrete signals', 'Fourier series', 'Laplace transform', 'Sampling'],
  },
  {
    courseName: 'Software Engineering',
    semester: '5',
    topics: ['Requirements', 'Design patterns', 'Testing', 'Project management'],
  },
];

export const GATE_PASS_REASONS = [
  'Medical appointment in the city',
  'Family function at home',
  'Bank work that needs a branch visit',
  'Passport verification appointment',
  'Travelling home for the weekend',
  'Interview at a company office',
];

export const QUERIES = [
  {
    topic: 'Exam schedule',
    tags: ['exams', 'schedule'],
    description: 'When will the end-semester exam timetable be published?',
    solution: 'The timetable is published on the notice board two weeks before exams begin.',
  },
  {
    topic: 'Lab access',
    tags: ['labs', 'access'],
    description: 'Can we use the computer lab after 6 pm for project work?',
    solution: 'Yes, with a signed request from your mentor the lab stays open until 9 pm.',
  },
  {
    topic: 'Recursion doubt',
    tags: ['data structures', 'recursion'],
    description: 'How do I find the time complexity of a recursive function with two calls?',
    solution: null,
  },
  {
    topic: 'SQL joins',
    tags: ['databases', 'sql'],
    description: 'What is the difference between a left join and an inner join?',
    solution: 'An inner join keeps only matching rows; a left join keeps every row of the left table.',
  },
  {
    topic: 'Hostel Wi-Fi',
    tags: ['hostel', 'network'],
    description: 'The Wi-Fi in Block B disconnects every few minutes. Whom should we report it to?',
    solution: null,
  },
  {
    topic: 'Internship credits',
    tags: ['internship', 'credits'],
    description: 'Does a summer internship count towards elective credits?',
    solution: null,
  },
];

export const SUPPORT_MESSAGES = [
  {
    name: 'Kavya Shah',
    email: 'kavya.shah@campus.example.edu',
    role: 'Student',
    queryType: 'Bug Report',
    message: 'The attendance page took a long time to load yesterday evening.',
  },
  {
    name: 'Prof. Manoj Pillai',
    email: 'manoj.pillai@campus.example.edu',
    role: 'Teacher',
    queryType: 'Query',
    message: 'Can teachers export the attendance of a group as a spreadsheet?',
  },
  {
    name: 'Rohan Das',
    email: 'rohan.das@campus.example.edu',
    role: 'Student',
    queryType: 'Query',
    message: 'How do I update my phone number on my profile?',
  },
];

export const FAQ = [
  {
    question: 'How do I reset my password?',
    answer:
      'Open View Profile from the profile menu and choose Change password. If you cannot sign in, contact the support desk.',
  },
  {
    question: 'How do I apply for a gate pass?',
    answer:
      'Go to Gatepass, open Apply for Gate Pass, fill in the date, time and reason, and submit. A teacher approves or rejects it.',
  },
  {
    question: 'How do I apply for leave?',
    answer:
      'Open Leave, choose the first and last day of your absence, give the reason, attach a document if you have one, and submit. Your mentor approves or rejects it.',
  },
  {
    question: 'How long does gate pass approval take?',
    answer:
      'Most requests are decided within a working day. You can follow the status under Applied, Approved and Rejected.',
  },
  {
    question: 'Where can I see my attendance?',
    answer: 'Open Attendance from the top bar to see your percentage and every marked day.',
  },
  {
    question: 'What is the minimum attendance required?',
    answer: 'Most courses require at least 75% attendance to sit the end-semester examinations.',
  },
  {
    question: 'Where can I see my marks?',
    answer: 'Open Performance to see your 10th and 12th percentages, semester SGPAs and CGPA.',
  },
  {
    question: 'How do I ask a question to my teachers?',
    answer:
      'Open Queries, choose Write Query, add a topic, tags and your question, and submit it. Teachers answer there.',
  },
  {
    question: 'How do I contact my mentor?',
    answer:
      'Open Contact Teachers. Your own mentor is listed first, with a button that opens an email to them.',
  },
  {
    question: 'Where do I find the syllabus?',
    answer: 'Open Syllabus and search by course name to see the semester and topics of each course.',
  },
  {
    question: 'When is the library open?',
    answer:
      'The central library is open from 8 am to 10 pm on weekdays and until midnight during examinations.',
  },
  {
    question: 'How do I pay my semester fees?',
    answer:
      'Fees are paid through the accounts office or the bank counter on campus before the deadline on the notice board.',
  },
  {
    question: 'How do I apply for a scholarship?',
    answer:
      'Scholarship forms are available at the student affairs office; watch the Notice tab for deadlines.',
  },
  {
    question: 'Where can I find upcoming events?',
    answer: 'The Events tab on your home page lists every upcoming event with its date, time and host.',
  },
  {
    question: 'How do I report a problem with the portal?',
    answer: 'Use the Help page or the Contact support link on the sign-in page to send a bug report.',
  },
  {
    question: 'Who do I contact about hostel issues?',
    answer:
      'Hostel wardens handle room and maintenance issues; urgent problems can also be sent through the support form.',
  },
  {
    question: 'How do I get a bonafide certificate?',
    answer:
      'Request it at the academic office with your student ID; it is usually ready within two working days.',
  },
  {
    question: 'Can I change my elective course?',
    answer:
      "Electives can be changed during the first two weeks of the semester with your mentor's approval.",
  },
  {
    question: 'What happens if I miss an exam?',
    answer:
      'Apply to the examination cell within three days with a supporting document to request a make-up exam.',
  },
  {
    question: 'How are SGPA and CGPA calculated?',
    answer:
      'SGPA is the credit-weighted average of grade points in a semester; CGPA is the same average over all semesters.',
  },
  {
    question: 'Is there Wi-Fi on campus?',
    answer:
      'Yes, the campus network covers academic blocks, the library and hostels. Sign in with your student ID.',
  },
  {
    question: 'Where is the medical centre?',
    answer: 'The medical centre is next to the main gate and is open around the clock for emergencies.',
  },
  {
    question: 'How do I join a student club?',
    answer:
      'Clubs recruit at the start of each semester; watch the Events tab and notice boards for their sign-up sessions.',
  },
  {
    question: 'Can I use the labs after class hours?',
    answer: 'Labs stay open until 9 pm for project work with a signed request from your mentor.',
  },
  {
    question: 'How do I update my personal details?',
    answer:
      'Personal details are kept by the academic office; send a request through the support form to correct them.',
  },
  {
    question: 'Where do I get my ID card replaced?',
    answer:
      'Lost ID cards are replaced by the administration office after a small fee and a written request.',
  },
];

/** The accounts the sign-in screen offers on the demo campus. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', userId: 900001, note: 'Administrator' },
  { role: 'guard', userId: 700001, note: 'The main gate: checks gate passes' },
  { role: 'guardian', userId: 800001, note: 'Guardian of students 230001 and 230002' },
  { role: 'teacher', userId: 500001, note: 'Mentor of students 230001 and 230002' },
  { role: 'teacher', userId: 500002, note: "Mentor of student 230003's group" },
  { role: 'student', userId: 230001, note: 'Group CSE-A' },
  { role: 'student', userId: 230002, note: 'Group CSE-A' },
  { role: 'student', userId: 230003, note: 'Group CSE-B' },
] as const;
