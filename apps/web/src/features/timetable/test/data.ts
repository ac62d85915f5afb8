/** Sample lectures, standings and a lecture's roster, as the server sends them. */
import { vi } from 'vitest';
import type {
  CourseRiskRow,
  CourseStanding,
  CourseStandings,
  Lecture,
  LectureRoster,
  TermSettings,
  TimetableDay,
} from '@campus/contract';

/** Monday 3 February 2031 on a campus in India. */
export const DAY = '2031-02-03';
export const TERM: TermSettings = {
  termStart: '2031-01-06',
  termEnd: '2031-03-28',
  timeZone: 'Asia/Kolkata',
  lateCounts: 'half',
  minPercent: 75,
};
/** The instant the campus's clock (UTC+5:30) shows `time` on DAY. */
export const campusTime = (time: string, day = DAY) => new Date(`${day}T${time}:00+05:30`);

/** The day after DAY: a device a day ahead of the campus calls it today. */
export const NEXT_DAY = '2031-02-04';

/**
 * A device set to `zone` whose clock reads `at`: the device's calendar and the campus's disagree near
 * midnight. Returns the undoing, for afterEach.
 */
export function deviceAt(zone: string, at: Date): () => void {
  const before = process.env.TZ;
  process.env.TZ = zone;
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  return () => {
    vi.useRealTimers();
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  };
}

export function lecture(over: Partial<Lecture> & Pick<Lecture, '_id'>): Lecture {
  return {
    course: 'CS301',
    courseName: 'DBMS',
    group: 'CSE-A',
    teacherId: 500001,
    teacherName: 'Meera Iyer',
    weekday: 1,
    start: '09:00',
    end: '10:00',
    room: 'LH-101',
    date: DAY,
    marked: false,
    ...over,
  };
}

export const MONDAY: TimetableDay = {
  date: DAY,
  holiday: null,
  inTerm: true,
  lectures: [
    lecture({ _id: 'p1', marked: true }),
    lecture({
      _id: 'p2',
      course: 'CS302',
      courseName: 'Operating Systems',
      teacherName: 'Ravi Kumar',
      start: '10:00',
      end: '11:00',
    }),
    lecture({
      _id: 'p3',
      course: 'CS306',
      courseName: 'DBMS Lab',
      start: '14:00',
      end: '16:00',
      room: 'Lab-2',
    }),
  ],
};

export function standing(over: Partial<CourseStanding> & Pick<CourseStanding, 'course'>): CourseStanding {
  return {
    courseName: over.course,
    held: 20,
    attended: 18,
    percent: 90,
    minPercent: 75,
    remaining: 14,
    needed: 7,
    state: 'ok',
    forecast: `75 % in ${over.course} is safe, even missing the remaining 14 lectures`,
    ...over,
  };
}

export const STANDINGS: CourseStandings = {
  rollNo: 230002,
  overall: { held: 60, attended: 44.5, percent: 74.2 },
  courses: [
    standing({ course: 'CS301', courseName: 'DBMS' }),
    standing({
      course: 'CS302',
      courseName: 'Operating Systems',
      attended: 13.5,
      percent: 67.5,
      needed: 12,
      state: 'at-risk',
      forecast: 'Attend 12 of the remaining 14 Operating Systems lectures to stay at 75 %',
    }),
    standing({
      course: 'CS303',
      courseName: 'Computer Networks',
      attended: 8,
      percent: 40,
      needed: 18,
      state: 'unreachable',
      forecast: '75 % in Computer Networks can no longer be reached',
    }),
  ],
};

export const ROSTER: LectureRoster = {
  lecture: lecture({ _id: 'p1' }),
  students: [
    { RollNo: 230001, name: 'Asha Rao', status: null, lateMinutes: null, away: null },
    { RollNo: 230002, name: 'Dev Shah', status: null, lateMinutes: null, away: 'gatepass' },
    { RollNo: 230003, name: 'Nila Das', status: null, lateMinutes: null, away: null },
    { RollNo: 230004, name: 'Vikram Iyer', status: null, lateMinutes: null, away: 'leave' },
  ],
};

/** Where a mentee stands in one course, as the courses-at-risk list sends it. */
export const riskRow = (
  over: Partial<CourseRiskRow> & Pick<CourseRiskRow, 'RollNo' | 'name' | 'course'>,
): CourseRiskRow => ({ group: 'CSE-A', ...standing(over), ...over });

/** Most at risk first, as the server orders them. */
export const RISK_ROWS: CourseRiskRow[] = [
  riskRow({
    RollNo: 230004,
    name: 'Vikram Iyer',
    course: 'CS303',
    courseName: 'Computer Networks',
    attended: 8,
    percent: 40,
    needed: 18,
    state: 'unreachable',
    forecast: '75 % in Computer Networks can no longer be reached',
  }),
  riskRow({
    RollNo: 230002,
    name: 'Dev Shah',
    group: 'CSE-B',
    course: 'CS302',
    courseName: 'Operating Systems',
    attended: 13.5,
    percent: 67.5,
    needed: 12,
    state: 'at-risk',
    forecast: 'Attend 12 of the remaining 14 Operating Systems lectures to stay at 75 %',
  }),
  riskRow({
    RollNo: 230001,
    name: 'Asha Rao',
    course: 'CS301',
    courseName: 'DBMS',
    attended: 14,
    percent: 70,
    needed: 10,
    state: 'at-risk',
    forecast: 'Attend 10 of the remaining 14 DBMS lectures to stay at 75 %',
  }),
];
