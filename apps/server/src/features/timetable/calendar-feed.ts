/**
 * A person's private calendar (RFC 5545): their lectures of the term, their approved leave (a
 * student's) and the campus events meant for them. Lecture times are instants, so that every
 * calendar shows them at the campus's hour whatever its own zone.
 */
import ical from 'ical-generator';
import { addDays, instantAt, type Period, type TermSettings } from '@campus/contract';
import type { Db } from '../../db/index';
import { visibleTo } from '../notices/repository';
import type { Principal } from '../../types';
import type { TimetableRepository } from './repository';
import { notHeld } from './calendar';

/** The lectures of `periods` from the term's first day to its last, holidays left out. */
function lectureDates(periods: readonly Period[], term: TermSettings, holidays: ReadonlySet<string>) {
  const held: { period: Period; date: string }[] = [];
  for (let day = term.termStart; day <= term.termEnd; day = addDays(day, 1)) {
    if (holidays.has(day)) continue;
    for (const period of periods) {
      if (notHeld(period, day, term, undefined) === undefined) held.push({ period, date: day });
    }
  }
  return held;
}

async function periodsOf(db: Db, timetable: TimetableRepository, who: Principal): Promise<Period[]> {
  if (who.role === 'teacher') return timetable.listPeriods({ teacherId: who.loginId });
  if (who.role !== 'student') return [];
  const me = await db
    .selectFrom('students')
    .select('group_name')
    .where('account_id', '=', who.accountId)
    .executeTakeFirst();
  return me ? timetable.listPeriods({ group: me.group_name }) : [];
}

export async function calendarFeed(
  db: Db,
  timetable: TimetableRepository,
  who: Principal,
  term: TermSettings,
  now: number,
): Promise<string> {
  const calendar = ical({
    name: 'Campus Portal',
    prodId: { company: 'Campus Portal', product: 'timetable' },
  });
  const [periods, holidays] = await Promise.all([
    periodsOf(db, timetable, who),
    db.selectFrom('holidays').select('date').execute(),
  ]);
  for (const { period, date } of lectureDates(periods, term, new Set(holidays.map((h) => h.date)))) {
    calendar.createEvent({
      id: `lecture-${period._id}-${date}@campus-portal`,
      start: new Date(instantAt(date, period.start, term.timeZone)),
      end: new Date(instantAt(date, period.end, term.timeZone)),
      summary: `${period.courseName} (${period.course})${who.role === 'teacher' ? ` · ${period.group}` : ''}`,
      location: period.room,
      description: period.teacherName,
    });
  }
  if (who.rollNo !== null) {
    const leave = await db
      .selectFrom('leave_applications')
      .select(['id', 'from_date', 'to_date', 'reason'])
      .where('roll_no', '=', who.rollNo)
      .where('status', '=', 'approved')
      .execute();
    for (const l of leave) {
      calendar.createEvent({
        id: `leave-${l.id}@campus-portal`,
        start: l.from_date,
        end: addDays(l.to_date, 1),
        allDay: true,
        summary: 'On leave',
        description: l.reason,
      });
    }
  }
  const viewer = { role: who.role, accountId: who.accountId, now: new Date(now).toISOString() };
  const events = await db
    .selectFrom('events as n')
    .select(['n.id', 'n.event_name', 'n.date', 'n.time', 'n.host_by', 'n.description'])
    .where(visibleTo(viewer))
    .where('n.date', '>=', term.termStart)
    .execute();
  for (const e of events) {
    const timed = /^([01]\d|2[0-3]):[0-5]\d$/.test(e.time);
    const start = timed ? instantAt(e.date, e.time, term.timeZone) : 0;
    calendar.createEvent({
      id: `event-${e.id}@campus-portal`,
      ...(timed
        ? { start: new Date(start), end: new Date(start + 3_600_000) }
        : { start: e.date, end: addDays(e.date, 1), allDay: true }),
      summary: e.event_name,
      description: `${e.description}\nHosted by ${e.host_by}`,
    });
  }
  return calendar.toString();
}
