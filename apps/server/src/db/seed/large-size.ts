/** The large campus's sizes, names and sign-in ids at a scale, from a tenth of a group to 100,000 students. */
import { seedId } from './generate';

export const LARGE_CAMPUS = {
  groups: 100,
  studentsPerGroup: 200,
  teachersPerGroup: 4,
  schoolDays: 100,
  queries: 50_000,
  gatePasses: 20_000,
  generalNotices: 1_000,
  mentorNotices: 500,
  events: 500,
  /** Weeks of lecture marks back from today (the term's first week at most) unless told otherwise. */
  lectureWeeks: 2,
  /** At 5, 500 groups of 200: 100,000 students. */
  maxScale: 5,
} as const;

const FIRST_ROLL_NO = 230001;
const FIRST_TEACHER_ID = 500001;
const ADMIN_ID = 900001;

/** Sign-in ids of the large campus: student `i` is 230001 + i, teacher `t` 500001 + t, the admin 900001. */
export const LARGE_LOGIN = {
  firstRollNo: FIRST_ROLL_NO,
  firstTeacherId: FIRST_TEACHER_ID,
  adminId: ADMIN_ID,
};

/** The sizes of a campus at a scale: groups of the same size, more or fewer; school days never change. */
export function largeCampusSize(scale = 1) {
  if (!(scale > 0 && scale <= LARGE_CAMPUS.maxScale)) {
    throw new Error(`scale must be in (0, ${LARGE_CAMPUS.maxScale}]`);
  }
  const groups = Math.max(2, Math.round(LARGE_CAMPUS.groups * scale));
  const students = groups * LARGE_CAMPUS.studentsPerGroup;
  const teachers = groups * LARGE_CAMPUS.teachersPerGroup;
  // Roll numbers, teacher ids and the admin's id are three ranges that must not meet.
  if (FIRST_ROLL_NO + students > FIRST_TEACHER_ID || FIRST_TEACHER_ID + teachers > ADMIN_ID) {
    throw new Error(`scale ${scale} makes sign-in ids collide`);
  }
  const at = (n: number) => Math.max(4, Math.round(n * scale));
  return {
    groups,
    students,
    teachers,
    schoolDays: LARGE_CAMPUS.schoolDays,
    attendance: students * LARGE_CAMPUS.schoolDays,
    queries: at(LARGE_CAMPUS.queries),
    gatePasses: at(LARGE_CAMPUS.gatePasses),
    generalNotices: at(LARGE_CAMPUS.generalNotices),
    mentorNotices: at(LARGE_CAMPUS.mentorNotices),
    events: at(LARGE_CAMPUS.events),
  };
}

export type LargeCampusSize = ReturnType<typeof largeCampusSize>;

/** Each department's course-code prefix and its five lecture courses; the sixth is the first's lab. */
export const DEPARTMENTS = [
  {
    name: 'CSE',
    prefix: 'CS',
    courses: [
      'DBMS',
      'Operating Systems',
      'Computer Networks',
      'Theory of Computation',
      'Software Engineering',
    ],
  },
  {
    name: 'ECE',
    prefix: 'EC',
    courses: [
      'Signals and Systems',
      'Analog Circuits',
      'Digital Signal Processing',
      'Electromagnetic Waves',
      'Microprocessors',
    ],
  },
  {
    name: 'EEE',
    prefix: 'EE',
    courses: ['Power Systems', 'Electrical Machines', 'Control Systems', 'Power Electronics', 'Measurements'],
  },
  {
    name: 'ME',
    prefix: 'ME',
    courses: [
      'Thermodynamics',
      'Fluid Mechanics',
      'Machine Design',
      'Manufacturing Processes',
      'Heat Transfer',
    ],
  },
  {
    name: 'CE',
    prefix: 'CE',
    courses: [
      'Structural Analysis',
      'Geotechnical Engineering',
      'Surveying',
      'Transportation Engineering',
      'Hydrology',
    ],
  },
  {
    name: 'IT',
    prefix: 'IT',
    courses: [
      'Web Technologies',
      'Data Mining',
      'Cloud Computing',
      'Information Security',
      'Compiler Design',
    ],
  },
  {
    name: 'CHE',
    prefix: 'CH',
    courses: [
      'Mass Transfer',
      'Reaction Engineering',
      'Process Control',
      'Chemical Thermodynamics',
      'Transport Phenomena',
    ],
  },
  {
    name: 'BT',
    prefix: 'BT',
    courses: [
      'Molecular Biology',
      'Bioprocess Engineering',
      'Immunology',
      'Genetic Engineering',
      'Bioinformatics',
    ],
  },
  {
    name: 'AE',
    prefix: 'AE',
    courses: ['Aerodynamics', 'Flight Mechanics', 'Aircraft Structures', 'Propulsion', 'Avionics'],
  },
  {
    name: 'MME',
    prefix: 'MM',
    courses: [
      'Physical Metallurgy',
      'Mechanical Metallurgy',
      'Extractive Metallurgy',
      'Materials Characterization',
      'Corrosion Engineering',
    ],
  },
] as const;

const SECTIONS = 'ABCDEFGHIJ';
/** The department of group `index`: ten sections each, in turn. */
export const largeDepartment = (index: number) => DEPARTMENTS[Math.floor(index / 10) % 10]!;

/** CSE-A … CSE-J, ECE-A … MME-J; past 100 groups a number is added (CSE-A2 …). */
export function largeGroupName(index: number): string {
  const base = `${largeDepartment(index).name}-${SECTIONS[index % 10]}`;
  return index < 100 ? base : `${base}${Math.floor(index / 100) + 1}`;
}

/** The roll numbers of a group's students: 200 consecutive numbers from 230001. */
export function largeGroupRollNos(group: number): number[] {
  const first = FIRST_ROLL_NO + group * LARGE_CAMPUS.studentsPerGroup;
  return Array.from({ length: LARGE_CAMPUS.studentsPerGroup }, (_, i) => first + i);
}

/** Student i is in group floor(i / 200). */
export const largeGroupOf = (student: number) => Math.floor(student / LARGE_CAMPUS.studentsPerGroup);

/** Fixed ids of the large campus's rows; `kind` tells the table. */
export const largeId = (n: number, kind: number) => seedId(9, kind, n);
export const studentAccount = (i: number) => largeId(FIRST_ROLL_NO + i, 1);
export const teacherAccount = (t: number) => largeId(FIRST_TEACHER_ID + t, 2);
export const adminAccount = largeId(ADMIN_ID, 3);
