/**
 * The realistic mix: a campus at work. Hundreds of distinct students spread over every group read
 * their own screens (home notices, attendance, their day's lectures and their attendance by course,
 * gate passes, queries, results, the two boards, their mentors' notices, the unread count); dozens of
 * teachers, each with a group of their own, work their lists (pending gate passes and unsolved
 * queries of their mentees, the day's marks, their lectures of a day and a lecture's roster) and mark
 * whole lectures and days whose statuses change on every mark; students apply for gate passes and
 * ask questions. Every request says its kind, for the per-kind table.
 */
import type { BenchRequest } from './load';
import { lecturesToMark, pastTeachingDays } from './lectures';
import { changingMarks, interleave, signInAll } from './scenarios';
import { LARGE_LOGIN, largeGroupName } from './server';

/** Requests of each kind in every 100 of the mix: 78 student reads, 11 teacher reads, 11 writes. */
export const MIX_WEIGHTS = {
  'student: home notices': 13,
  'student: unread count': 10,
  'student: own attendance': 9,
  "student: a day's lectures": 8,
  'student: attendance by course': 6,
  'student: unsolved board': 7,
  'student: own gate passes': 6,
  'student: own queries': 6,
  'student: own results': 5,
  'student: solved board': 4,
  'student: mentor notices': 4,
  'teacher: pending passes (mine)': 3,
  'teacher: unsolved queries (mine)': 2,
  "teacher: group's marks today": 1,
  'teacher: own lectures of a day': 2,
  "teacher: a lecture's roster": 3,
  'teacher: mark a lecture of 200, statuses change': 5,
  'teacher: mark 200, statuses change': 2,
  'student: apply for a gate pass': 2,
  'student: ask a question': 2,
} as const;
/** Weekdays of the term before today whose lectures the mix's teachers mark (a school week). */
const MARKED_DAYS = 5;
export type MixKind = keyof typeof MIX_WEIGHTS;

export const describeMixWeights = (): string =>
  Object.entries(MIX_WEIGHTS)
    .map(([kind, weight]) => `${kind} ${weight}`)
    .join(', ');

export interface MixSize {
  /** Students on the campus, and how many of them sign in. */
  students: number;
  signedInStudents: number;
  /** Teachers on the campus (4 a group), how many sign in, and groups. */
  teachers: number;
  signedInTeachers: number;
  groups: number;
}

/** The mix's requests: a fixed interleaving of the kinds by weight, each kind rotating through its people. */
export async function buildMix(
  port: number,
  size: MixSize,
  /** What every request accepts (`--accept-encoding`): by default nothing but the plain answer. */
  acceptEncoding?: string,
): Promise<BenchRequest[]> {
  const authorized = (token: string): Record<string, string> => ({
    authorization: `Bearer ${token}`,
    ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
  });
  const json = (token: string) => ({ ...authorized(token), 'content-type': 'application/json' });
  const stride = Math.floor(size.students / size.signedInStudents);
  const studentIds = Array.from(
    { length: size.signedInStudents },
    (_, k) => LARGE_LOGIN.firstRollNo + k * stride + (k % stride),
  );
  // Teacher t mentors group t % groups first: 7 is prime to the group count, so the first teachers
  // picked mentor different groups, spread over the campus.
  const teacherIndexes = Array.from({ length: size.signedInTeachers }, (_, k) => (k * 7) % size.teachers);
  const students = await signInAll(port, studentIds);
  const teachers = await signInAll(
    port,
    teacherIndexes.map((t) => LARGE_LOGIN.firstTeacherId + t),
  );
  const today = new Date().toISOString().slice(0, 10);
  const groupOf = (t: number) => teacherIndexes[t]! % size.groups;
  const days = await pastTeachingDays(port, teachers[0]!.token, MARKED_DAYS);

  // Each teacher's primary group's roster, marked with statuses that change on every mark, and
  // their own lectures of the days marked.
  const teacherWork = await Promise.all(
    teachers.map(async (teacher, k) => {
      const groupName = largeGroupName(groupOf(k));
      // Every mark shifts the absentees (every sixth student) by one place.
      const markBody = await changingMarks(port, groupName, today, teacher.token, 6);
      const lectures = await lecturesToMark(port, teacher.token, days);
      return { teacher, groupName, markBody, lectures, day: days[k % days.length]! };
    }),
  );
  const lectures = teacherWork.flatMap((w) => w.lectures.map((lecture) => ({ ...lecture, w })));
  if (lectures.length === 0) throw new Error(`The mix's teachers have no lectures on ${days.join(', ')}`);

  const get = (kind: MixKind, path: string, token: string): BenchRequest => ({
    kind,
    method: 'GET',
    path,
    headers: authorized(token),
  });
  const perStudent = (kind: MixKind, path: (id: number) => string) =>
    students.map((s) => get(kind, path(s.id), s.token));
  const byKind: Record<MixKind, BenchRequest[]> = {
    'student: home notices': perStudent('student: home notices', () => '/api/get-notices?limit=20'),
    'student: unread count': perStudent('student: unread count', () => '/api/notifications/unread-count'),
    'student: own attendance': perStudent('student: own attendance', (id) => `/api/attendance/${id}`),
    "student: a day's lectures": students.map((s, k) =>
      get("student: a day's lectures", `/api/timetable/day?date=${days[k % days.length]}`, s.token),
    ),
    'student: attendance by course': perStudent(
      'student: attendance by course',
      (id) => `/api/attendance-courses/${id}`,
    ),
    'student: unsolved board': perStudent(
      'student: unsolved board',
      () => '/api/queries-without-solution?limit=20',
    ),
    'student: own gate passes': perStudent(
      'student: own gate passes',
      (id) => `/api/gatepasses/pending/${id}`,
    ),
    'student: own queries': perStudent('student: own queries', (id) => `/api/queries-by-rollno/${id}`),
    'student: own results': perStudent('student: own results', (id) => `/api/performance/${id}`),
    'student: solved board': perStudent('student: solved board', () => '/api/queries-with-solution?limit=20'),
    'student: mentor notices': perStudent(
      'student: mentor notices',
      () => '/api/get-mentor-notices?limit=20',
    ),
    'teacher: pending passes (mine)': teacherWork.map((w) =>
      get('teacher: pending passes (mine)', '/api/gatepasses/pending?mine=true&limit=50', w.teacher.token),
    ),
    'teacher: unsolved queries (mine)': teacherWork.map((w) =>
      get(
        'teacher: unsolved queries (mine)',
        '/api/queries-without-solution?mine=true&limit=50',
        w.teacher.token,
      ),
    ),
    "teacher: group's marks today": teacherWork.map((w) =>
      get(
        "teacher: group's marks today",
        `/api/attendance-marks?group=${encodeURIComponent(w.groupName)}&date=${today}&limit=200`,
        w.teacher.token,
      ),
    ),
    'teacher: own lectures of a day': teacherWork.map((w) =>
      get('teacher: own lectures of a day', `/api/timetable/day?date=${w.day}`, w.teacher.token),
    ),
    "teacher: a lecture's roster": lectures.map((l) =>
      get("teacher: a lecture's roster", l.path, l.w.teacher.token),
    ),
    'teacher: mark a lecture of 200, statuses change': lectures.map((l) => ({
      kind: 'teacher: mark a lecture of 200, statuses change',
      method: 'POST',
      path: `${l.path}/marks`,
      headers: json(l.w.teacher.token),
      body: l.markBody(),
      freshBody: l.markBody,
    })),
    'teacher: mark 200, statuses change': teacherWork.map((w) => ({
      kind: 'teacher: mark 200, statuses change',
      method: 'POST',
      path: '/api/mark-attendance',
      headers: json(w.teacher.token),
      body: w.markBody(),
      freshBody: w.markBody,
    })),
    'student: apply for a gate pass': students.map((s) => ({
      kind: 'student: apply for a gate pass',
      method: 'POST',
      path: '/api/submit-gatepass',
      headers: json(s.token),
      body: JSON.stringify({ date: today, time: '16:30', reason: 'Visiting the library in town' }),
    })),
    'student: ask a question': students.map((s) => ({
      kind: 'student: ask a question',
      method: 'POST',
      path: '/api/submit-query',
      headers: json(s.token),
      body: JSON.stringify({ topic: `Lab hours ${s.id}`, tags: 'labs', query: 'When does the lab open?' }),
    })),
  };

  // Enough rounds that every student's requests come round; each kind starts at a different person.
  const order = interleave(MIX_WEIGHTS);
  const next = Object.fromEntries(Object.keys(byKind).map((kind, i) => [kind, i * 37])) as Record<
    MixKind,
    number
  >;
  const studentReads = (Object.keys(MIX_WEIGHTS) as MixKind[]).filter(
    (kind) => kind.startsWith('student: ') && byKind[kind][0]?.method === 'GET',
  );
  const rounds = Math.max(
    4,
    Math.ceil(students.length / Math.min(...studentReads.map((k) => MIX_WEIGHTS[k]))),
  );
  const requests: BenchRequest[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const kind of order) {
      const list = byKind[kind];
      requests.push(list[next[kind]++ % list.length]!);
    }
  }
  return requests;
}
