/** Business constants of SPEC §9 and the limits the product adds to them. */
export const TOKEN_STORAGE_KEY = 'jwtToken';
export const CHATBOT_INITIAL_SUGGESTIONS = 5;
/** The literal text the API shows for an unsolved query's solution. */
export const UNSOLVED_SOLUTION = 'null';
export const NEW_QUERY_LIKES = 0;
export const NEW_GATE_PASS_STATUS = 'pending';
export const PERFORMANCE_SEMESTERS = 4;
/** Below this attendance percentage a student is warned (the usual university threshold). */
export const ATTENDANCE_WARNING_PERCENT = 75;

/**
 * `guard`: the gate desk, who checks passes at the gate and records exits and returns.
 * `guardian`: a parent or guardian, who sees only the students linked to them (decision record 0091).
 */
export const ROLES = ['student', 'teacher', 'admin', 'guard', 'guardian'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that read the campus's notices, syllabus, queries and people: every role but the gate's. */
export const CAMPUS_ROLES = ['student', 'teacher', 'admin'] as const;

export const GATE_PASS_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type GatePassStatus = (typeof GATE_PASS_STATUSES)[number];

/** The marks a teacher chooses between. */
export const ATTENDANCE_STATUSES = ['Present', 'Absent'] as const;
/** A day of approved leave (or of an approved gate pass): set by the leave, not chosen. */
export const ON_LEAVE_STATUS = 'On leave';
/** Every status a day of attendance may have. */
export const RECORDED_ATTENDANCE_STATUSES = ['Present', 'Absent', ON_LEAVE_STATUS] as const;
export type AttendanceStatus = (typeof RECORDED_ATTENDANCE_STATUSES)[number];

export const SUPPORT_ROLES = ['Student', 'Teacher'] as const;
export const SUPPORT_QUERY_TYPES = ['Bug Report', 'Query'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const LOGIN_MAX_FAILURES = 5;
/** The earliest day attendance may be marked for. */
export const EARLIEST_ATTENDANCE_DATE = '2000-01-01';
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const SESSION_TTL_HOURS = 12;

/** The largest page a list gives when a `limit` is asked for; without one it gives every row. */
export const MAX_PAGE_SIZE = 200;
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Every list answers all its rows unless `limit` is given (a client built from SPEC §7 sends no
 * paging parameters), and always says in this header how many rows match, whatever the page.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** The largest page of the student roster (GET /api/students) and of a day's marks; a whole group. */
export const ROSTER_MAX_LIMIT = 500;
/** The largest page of a student's attendance history; without a limit the history comes whole. */
export const ATTENDANCE_HISTORY_MAX_LIMIT = 10_000;
/** Marks around a found word in a search answer's texts (control characters: never in a notice). */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_END = '\u0003';
/** The four semester columns of SPEC §3 and §9 ("Performance shows 4 semesters only"), in order. */
export const PERFORMANCE_SEMESTER_KEYS = ['Sem-1 SGPA', 'Sem-2 SGPA', 'Sem-3 SGPA', 'Sem-4 SGPA'] as const;
export type PerformanceSemesterKey = (typeof PERFORMANCE_SEMESTER_KEYS)[number];

/** Why a student is On leave on a day, in words a teacher reads on the roster and after a mark. */
export const LEAVE_SOURCE_WORDS = {
  leave: 'approved leave',
  gatepass: 'out on a gate pass',
} as const;

/**
 * Whether a notice's audience names groups: chosen groups, or the guardians of chosen groups (decision
 * record 0093). Here, with the plain constants, so that a form asking it loads no schema.
 */
export const audienceNamesGroups = (kind: string): boolean => kind === 'groups' || kind === 'guardianGroups';

/**
 * The reject reason of a gate pass its guardian declined (decision record 0092), as its student
 * reads it; here with the plain constants, since the student's pass card reads it.
 */
export const DECLINED_BY_GUARDIAN = 'Declined by guardian';
