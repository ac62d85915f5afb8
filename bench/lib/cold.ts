/**
 * The cold first-page table: every list route's first page read by a server whose read cache is off
 * (READ_CACHE=off), one request at a time, so that each figure is the database's and the route's own
 * cost, X-Total-Count included, as the first read after a write pays it.
 */
import type { TimetableDay } from '@campus/contract';
import { pastTeachingDays } from './lectures';
import { call, signIn } from './scenarios';
import type { BenchRequest } from './load';
import { LARGE_LOGIN, largeGroupName } from './server';

export interface ColdRoute {
  /** "teacher: GET /api/gatepasses/pending?mine=true&limit=50" */
  name: string;
  requests: BenchRequest[];
}

const get = (name: string, path: string, token: string): BenchRequest => ({
  kind: name,
  method: 'GET',
  path,
  headers: { authorization: `Bearer ${token}` },
});

/** The routes, each read by a few different people of the campus (students of different groups). */
export async function coldRoutes(port: number, groups: number): Promise<ColdRoute[]> {
  const studentIds = Array.from(
    { length: 4 },
    (_, k) => LARGE_LOGIN.firstRollNo + Math.floor((k * groups) / 4) * 200 + 17,
  );
  const students = await Promise.all(studentIds.map(async (id) => ({ id, token: await signIn(port, id) })));
  const teacherIndexes = [0, 1, 2, 3].map((k) => (k * 7) % (groups * 4));
  const teachers = await Promise.all(
    teacherIndexes.map(async (t) => ({ t, token: await signIn(port, LARGE_LOGIN.firstTeacherId + t) })),
  );
  const admin = await signIn(port, LARGE_LOGIN.adminId);
  const today = new Date().toISOString().slice(0, 10);
  // A weekday of the term before today, and each teacher's first lecture on it.
  const [day] = await pastTeachingDays(port, teachers[0]!.token, 1);
  const lectureOf = new Map<number, string>();
  for (const w of teachers) {
    const { json } = await call(port, 'GET', `/api/timetable/day?date=${day}`, w.token);
    const lecture = (json as TimetableDay).lectures?.[0];
    if (!lecture) throw new Error(`cold: teacher ${w.t} has no lecture on ${day}`);
    lectureOf.set(w.t, lecture._id);
  }

  const byStudents = (path: (id: number) => string, label = path(0).replace('/0', '/:rollNo')) => {
    const name = `student: ${label}`;
    return { name, requests: students.map((s) => get(name, path(s.id), s.token)) };
  };
  const byTeachers = (path: (t: number) => string, label = path(0)) => {
    const name = `teacher: ${label}`;
    return { name, requests: teachers.map((w) => get(name, path(w.t), w.token)) };
  };
  const byAdmin = (path: string) => ({
    name: `admin: ${path}`,
    requests: [get(`admin: ${path}`, path, admin)],
  });
  const group = (t: number) => encodeURIComponent(largeGroupName(t % groups));

  const routes: ColdRoute[] = [
    byStudents(() => '/api/get-notices?limit=20'),
    byStudents(() => '/api/get-mentor-notices?limit=20'),
    byStudents(() => '/api/get-events?limit=20'),
    byStudents(() => '/api/notifications?limit=20'),
    byStudents((id) => `/api/attendance/${id}`),
    byStudents((id) => `/api/gatepasses/pending/${id}`),
    byStudents((id) => `/api/queries-by-rollno/${id}`),
    byStudents(() => '/api/queries-without-solution?limit=20'),
    byStudents(() => '/api/queries-with-solution?limit=20'),
    byStudents(() => `/api/timetable/day?date=${day}`, '/api/timetable/day?date=…'),
    byStudents((id) => `/api/attendance-courses/${id}`),
    byTeachers(() => '/api/gatepasses/pending?limit=50'),
    byTeachers(() => '/api/gatepasses/pending?mine=true&limit=50'),
    byTeachers(
      (t) => `/api/gatepasses/approved?group=${group(t)}&limit=50`,
      '/api/gatepasses/approved?group=…&limit=50',
    ),
    byTeachers(() => '/api/queries-without-solution?mine=true&limit=50'),
    byTeachers(() => '/api/queries-with-solution?mine=true&limit=50'),
    byTeachers(() => '/api/students?limit=50'),
    byTeachers((t) => `/api/students?group=${group(t)}&limit=200`, '/api/students?group=…&limit=200'),
    byTeachers(
      (t) => `/api/attendance-marks?group=${group(t)}&date=${today}&limit=200`,
      '/api/attendance-marks?group=…&date=today&limit=200',
    ),
    byTeachers(() => '/api/students-performance?limit=50'),
    byTeachers(() => `/api/timetable/day?date=${day}`, '/api/timetable/day?date=…'),
    byTeachers((t) => `/api/lectures/${lectureOf.get(t)}/${day}`, '/api/lectures/…/day'),
    byTeachers(() => '/api/course-risk?atRisk=true&limit=50'),
    byAdmin('/api/teachers?limit=50'),
    byAdmin('/api/queries?limit=50'),
    byAdmin('/api/audit-log?limit=50'),
    byAdmin('/api/supports?limit=50'),
  ];
  // A route that refuses its request is a mistake in this list: say so rather than measure a 4xx.
  for (const route of routes) {
    const r = route.requests[0]!;
    const token = r.headers.authorization!.slice('Bearer '.length);
    const { status } = await call(port, 'GET', r.path, token);
    if (status !== 200) throw new Error(`cold: ${r.path} answered ${status}`);
  }
  return routes;
}
