/**
 * Lectures in the realistic mix: the days a teacher marks are days of the term before today on the
 * campus's clock (weekdays, not holidays), so the mix finds lectures that have begun at any hour and
 * on a weekend; each teacher's lectures on them come from their own day's timetable, and each mark
 * shifts the absentees and latecomers by one place, so that every mark changes statuses.
 */
import {
  addDays,
  wallClock,
  weekdayOf,
  type Holiday,
  type Lecture,
  type LectureRoster,
  type TermSettings,
  type TimetableDay,
} from '@campus/contract';
import { call } from './scenarios';

/** A lecture a teacher marks: its roster's path, and each call answers the next mark's body. */
export interface MarkedLecture {
  lecture: Lecture;
  path: string;
  markBody: () => string;
}

async function read<T>(port: number, path: string, token: string): Promise<T> {
  const { status, json } = await call(port, 'GET', path, token);
  if (status !== 200) throw new Error(`${path} answered ${status}: ${JSON.stringify(json).slice(0, 200)}`);
  return json as T;
}

/**
 * The last `count` weekdays of the term before today on the campus's clock that are not holidays
 * (the term's last ones when it has ended); lectures on them have all begun.
 */
export async function pastTeachingDays(port: number, token: string, count: number): Promise<string[]> {
  const term = await read<TermSettings>(port, '/api/timetable-settings', token);
  const holidays = new Set((await read<Holiday[]>(port, '/api/holidays', token)).map((h) => h.date));
  const today = wallClock(Date.now(), term.timeZone).day;
  const days: string[] = [];
  let day = addDays(today <= term.termEnd ? today : addDays(term.termEnd, 1), -1);
  for (; day >= term.termStart && days.length < count; day = addDays(day, -1)) {
    if (weekdayOf(day) <= 5 && !holidays.has(day)) days.push(day);
  }
  if (days.length === 0) {
    throw new Error(`The term (${term.termStart} to ${term.termEnd}) has no weekday before ${today}`);
  }
  return days.reverse();
}

/** A lecture mark's records: every sixth student Absent and every seventeenth Late, moved on each call. */
function changingLectureMarks(roster: LectureRoster): () => string {
  let shift = 0;
  return () => {
    const now = shift++;
    return JSON.stringify({
      records: roster.students.map((s, i) =>
        s.away !== null
          ? { studentId: s.RollNo, status: 'On leave' }
          : (i + now) % 6 === 0
            ? { studentId: s.RollNo, status: 'Absent' }
            : (i + now) % 17 === 3
              ? { studentId: s.RollNo, status: 'Late', lateMinutes: 5 + ((i + now) % 11) }
              : { studentId: s.RollNo, status: 'Present' },
      ),
    });
  };
}

/**
 * A teacher's own lectures on `days`, as their day's timetable lists them, each with its roster read
 * (who of the group is away for it is marked On leave, as the roster pre-marks them).
 */
export async function lecturesToMark(
  port: number,
  token: string,
  days: readonly string[],
): Promise<MarkedLecture[]> {
  const out: MarkedLecture[] = [];
  for (const date of days) {
    const day = await read<TimetableDay>(port, `/api/timetable/day?date=${date}`, token);
    for (const lecture of day.lectures) {
      const path = `/api/lectures/${encodeURIComponent(lecture._id)}/${date}`;
      const roster = await read<LectureRoster>(port, path, token);
      if (roster.students.length === 0) continue;
      out.push({ lecture, path, markBody: changingLectureMarks(roster) });
    }
  }
  return out;
}
