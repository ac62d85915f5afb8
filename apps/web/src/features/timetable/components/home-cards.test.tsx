import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimetableDay } from '@campus/contract';
import { renderScreen, stubApi, STUDENT, TEACHER } from '../../../test/render';
import { campusTime, DAY, MONDAY, STANDINGS, TERM } from '../test/data';
import { MyClassesCard } from './my-classes-card';
import { StandingsCard } from './standings-card';
import { TodayCard } from './today-card';

configure({ asyncUtilTimeout: 5000 });

/** A campus whose day and standings are those given; its clock shows `time` on Monday DAY. */
function campus({ day = MONDAY, time = '10:30' }: { day?: TimetableDay; time?: string } = {}) {
  vi.setSystemTime(campusTime(time));
  return stubApi(({ path }) => {
    if (path === '/api/timetable/day') return { status: 200, body: day };
    if (path === '/api/timetable-settings') return { status: 200, body: TERM };
    if (path === `/api/attendance-courses/${STUDENT.RollNo}`) return { status: 200, body: STANDINGS };
    return { status: 404, body: { message: 'not found' } };
  });
}

/** The list item of the lecture of a course, found by its name and code. */
const itemOf = async (course: string) => (await screen.findByText(course)).closest('li')!;

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the student's Today card", { timeout: 15_000 }, () => {
  it('lists the day’s lectures with time, course, room and teacher, the one on now marked Now', async () => {
    campus({ time: '10:30' });
    renderScreen(<TodayCard />, STUDENT);
    const card = screen.getByRole('region', { name: 'Today' });
    const now = await itemOf('Operating Systems (CS302)');
    await vi.waitFor(() => expect(now).toHaveAttribute('aria-current', 'time'));
    expect(now).toHaveTextContent('10:00 am – 11:00 am');
    expect(now).toHaveTextContent('Now');
    expect(now).toHaveTextContent('Room LH-101 · Ravi Kumar');
    expect(within(card).getByText('3 Feb 2031')).toBeVisible();
    // Only one lecture is highlighted: neither the one over nor the one later.
    expect(within(card).queryByText('Next')).not.toBeInTheDocument();
    expect(within(card).getAllByText('Now')).toHaveLength(1);
    expect(await itemOf('DBMS (CS301)')).not.toHaveAttribute('aria-current');
  });

  it('marks the next lecture Next between lectures, by the campus’s clock rather than the browser’s', async () => {
    campus({ time: '11:30' });
    renderScreen(<TodayCard />, STUDENT);
    const next = await itemOf('DBMS Lab (CS306)');
    await vi.waitFor(() => expect(next).toHaveTextContent('Next'));
    expect(next).not.toHaveAttribute('aria-current');
    expect(screen.queryByText('Now')).not.toBeInTheDocument();
  });

  it('says a holiday is a holiday, with no lectures', async () => {
    campus({ day: { date: DAY, holiday: 'Founders Day', inTerm: true, lectures: [] } });
    renderScreen(<TodayCard />, STUDENT);
    expect(await screen.findByText('Holiday: Founders Day. No lectures today.')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when a day outside the term has no lectures', async () => {
    campus({ day: { date: '2031-04-07', holiday: null, inTerm: false, lectures: [] } });
    renderScreen(<TodayCard />, STUDENT);
    expect(await screen.findByText('No lectures today: the term ended on 28 Mar 2031.')).toBeVisible();
  });
});

describe("the teacher's My classes today card", { timeout: 15_000 }, () => {
  it('opens each lecture’s roster in one tap and shows which are marked', async () => {
    campus({ time: '10:30' });
    renderScreen(<MyClassesCard />, TEACHER);
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/teacher/lectures/p1/${DAY}`,
      `/teacher/lectures/p2/${DAY}`,
      `/teacher/lectures/p3/${DAY}`,
    ]);
    expect(links[0]).toHaveTextContent('DBMS (CS301)');
    expect(links[0]).toHaveTextContent('CSE-A · Room LH-101');
    expect(within(links[0]!).getByText('Marked')).toBeVisible();
    // On now and not marked yet; the afternoon's lab has not begun, so it waits unmarked unsaid.
    await vi.waitFor(() => expect(links[1]).toHaveTextContent('Not marked'));
    expect(links[1]).toHaveTextContent('Now');
    expect(links[2]).not.toHaveTextContent(/marked/i);
  });
});

describe('the Where you stand card', { timeout: 15_000 }, () => {
  it('shows each course’s percentage and forecast, its state in words, the ones in trouble first', async () => {
    campus();
    renderScreen(<StandingsCard />, STUDENT);
    const card = screen.getByRole('region', { name: 'Where you stand' });
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['unreachable', 'at-risk', 'ok']);
    expect(items[0]).toHaveTextContent('Computer Networks (CS303)');
    expect(items[0]).toHaveTextContent('Out of reach');
    expect(items[0]).toHaveTextContent('75 % in Computer Networks can no longer be reached');
    expect(items[1]).toHaveTextContent('67.5%');
    expect(items[1]).toHaveTextContent('At risk');
    expect(items[1]).toHaveTextContent('Attended 13.5 of 20 lectures · needs 75%');
    expect(items[1]).toHaveTextContent(
      'Attend 12 of the remaining 14 Operating Systems lectures to stay at 75 %',
    );
    expect(items[2]).toHaveTextContent('On track');
    expect(within(card).getByText(/^Overall 74.2%/)).toHaveTextContent(
      'Overall 74.2% · Attended 44.5 of 60 lectures',
    );
    expect(within(card).getByRole('link', { name: 'Attendance by course' })).toHaveAttribute(
      'href',
      '/student/courses',
    );
  });
});
