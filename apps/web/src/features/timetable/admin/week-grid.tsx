/**
 * A group's week: a column a weekday, each period placed by its times on a five-minute grid. The page
 * holds it day by day (a heading and a list a day), so on a phone (week-grid.css) the columns simply
 * stack into a list per day, and a screen reader reads it so on any screen.
 */
import './week-grid.css';
import { UnstyledButton } from '@mantine/core';
import { useId, type CSSProperties } from 'react';
import { WEEKDAY_NAMES, type Period } from '@campus/contract';
import { formatClock } from '../../../lib/format';

const SLOT_MINUTES = 5;
const SCHOOL_DAYS = [1, 2, 3, 4, 5];

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The days a week shows: Monday to Friday, and Saturday or Sunday when a period falls on them. */
export function weekDays(periods: readonly Period[]): number[] {
  return [...new Set([...SCHOOL_DAYS, ...periods.map((p) => p.weekday)])].sort((a, b) => a - b);
}

/** The whole hours the week spans, and the grid lines (from 1) of a period's start and end. */
export function weekSpan(periods: readonly Period[]) {
  const first = Math.floor(Math.min(...periods.map((p) => minutesOf(p.start))) / 60) * 60;
  const last = Math.ceil(Math.max(...periods.map((p) => minutesOf(p.end))) / 60) * 60;
  return {
    slots: (last - first) / SLOT_MINUTES,
    hours: Array.from({ length: (last - first) / 60 }, (_, i) => hhmm(first + i * 60)),
    lines: (p: Pick<Period, 'start' | 'end'>) => ({
      from: Math.floor((minutesOf(p.start) - first) / SLOT_MINUTES) + 1,
      to: Math.ceil((minutesOf(p.end) - first) / SLOT_MINUTES) + 1,
    }),
  };
}

const timeRange = (p: Pick<Period, 'start' | 'end'>) => `${formatClock(p.start)}–${formatClock(p.end)}`;

function DayColumn({
  weekday,
  periods,
  lines,
  onEdit,
}: {
  weekday: number;
  periods: readonly Period[];
  lines: ReturnType<typeof weekSpan>['lines'];
  onEdit: (period: Period) => void;
}) {
  const headingId = useId();
  return (
    <section className="week-day" aria-labelledby={headingId}>
      <h3 className="week-day-head" id={headingId}>
        {WEEKDAY_NAMES[weekday - 1]}
      </h3>
      {periods.length === 0 ? (
        <p className="week-empty">No periods</p>
      ) : (
        <ul className="week-rows">
          {periods.map((period) => {
            const { from, to } = lines(period);
            const place = { '--week-from': from, '--week-to': to } as CSSProperties;
            return (
              <li key={period._id} style={place}>
                <UnstyledButton className="week-period" onClick={() => onEdit(period)}>
                  <span className="week-period-time">{timeRange(period)}</span>
                  <span className="week-period-course">
                    {period.course} · {period.courseName}
                  </span>
                  <span className="week-period-sub">
                    {period.room} · {period.teacherName}
                  </span>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function WeekGrid({
  group,
  periods,
  onEdit,
}: {
  group: string;
  /** At least one period of the group. */
  periods: readonly Period[];
  onEdit: (period: Period) => void;
}) {
  const days = weekDays(periods);
  const span = weekSpan(periods);
  const byTime = [...periods].sort((a, b) => a.start.localeCompare(b.start));
  const size = { '--week-days': days.length, '--week-slots': span.slots } as CSSProperties;
  return (
    // Scrolls sideways within itself on a narrow tablet; a keyboard can scroll it too.
    <div className="week-scroll" role="region" aria-label={`Week of ${group}`} tabIndex={0}>
      <div className="week-grid" style={size}>
        <div className="week-axis" aria-hidden>
          <div className="week-day-head" />
          <div className="week-rows">
            {span.hours.map((hour, i) => (
              <span key={hour} style={{ '--week-from': i * (60 / SLOT_MINUTES) + 1 } as CSSProperties}>
                {formatClock(hour)}
              </span>
            ))}
          </div>
        </div>
        {days.map((weekday) => (
          <DayColumn
            key={weekday}
            weekday={weekday}
            periods={byTime.filter((p) => p.weekday === weekday)}
            lines={span.lines}
            onEdit={onEdit}
          />
        ))}
      </div>
    </div>
  );
}
