/** Names of screens in FAQ answers ("Open Attendance", "the Events tab") turned into links of the reader's area. */
import { PATHS } from '@campus/contract';

export type AnswerPart = string | { text: string; to: string };

type Area = 'student' | 'teacher' | 'admin';

/** Screen names as the answers write them (capitalised, as in the navigation), per area. */
const SCREENS: Record<Area, [name: string, path: string][]> = {
  student: [
    ['Contact Teachers', PATHS.student.contactTeachers],
    ['View Profile', PATHS.student.profile],
    ['Events tab', PATHS.student.home],
    ['Notice tab', PATHS.student.home],
    ['Help page', PATHS.student.help],
    ['Gatepass', PATHS.student.gatepass],
    ['Attendance', PATHS.student.attendance],
    ['Performance', PATHS.student.performance],
    ['Queries', PATHS.student.queries],
    ['Syllabus', PATHS.student.syllabus],
  ],
  teacher: [
    ['View Profile', PATHS.teacher.profile],
    ['Events tab', PATHS.teacher.home],
    ['Notice tab', PATHS.teacher.home],
    ['Help page', PATHS.teacher.help],
    ['Gatepass', PATHS.teacher.gatepass],
    ['Attendance', PATHS.teacher.attendance],
    ['Performance', PATHS.teacher.performance],
    ['Queries', PATHS.teacher.queries],
    ['Syllabus', PATHS.teacher.syllabus],
  ],
  admin: [
    ['View Profile', PATHS.admin.profile],
    ['Help page', PATHS.admin.help],
    ['Queries', PATHS.admin.queries],
  ],
};

function areaOf(pathname: string): Area | null {
  const first = pathname.split('/')[1];
  return first === 'student' || first === 'teacher' || first === 'admin' ? first : null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The answer split into text and links: the first mention of each screen of the reader's area
 * becomes a link (later mentions stay text); outside the role areas nothing is linked.
 */
export function linkScreens(answer: string, pathname: string): AnswerPart[] {
  const area = areaOf(pathname);
  if (!area) return [answer];
  const screens = SCREENS[area];
  const pattern = new RegExp(`\\b(${screens.map(([name]) => escape(name)).join('|')})\\b`, 'g');
  const linked = new Set<string>();
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const found of answer.matchAll(pattern)) {
    const name = found[0];
    if (linked.has(name)) continue;
    linked.add(name);
    if (found.index > last) parts.push(answer.slice(last, found.index));
    parts.push({ text: name, to: screens.find(([n]) => n === name)![1] });
    last = found.index + name.length;
  }
  if (last < answer.length) parts.push(answer.slice(last));
  return parts;
}
