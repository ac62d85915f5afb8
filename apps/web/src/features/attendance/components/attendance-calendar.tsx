/**
 * One month of a student's attendance as a calendar: weeks from Monday, each marked day coloured by
 * its status and saying it in text (a letter on the grid, the full word for screen readers and on
 * hover), so colour is never the only sign.
 */
import { VisuallyHidden } from '@mantine/core';
import type { AttendanceRecord } from '@campus/contract';
import { useStudentWords } from '../../../i18n/student';
import type { AttendanceMonth } from './attendance-months';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** A status's word and letter are `attendance.status|letter.<tone>`. */
const TONE: Record<AttendanceRecord['status'], string> = {
  Present: 'present',
  Absent: 'absent',
  'On leave': 'leave',
};

/** The month's days in weeks from Monday; null pads the first and last week. */
function weeks(key: string): (number | null)[][] {
  const [year, month] = key.split('-').map(Number);
  const first = new Date(year!, month! - 1, 1);
  const days = new Date(year!, month!, 0).getDate();
  const cells: (number | null)[] = Array.from({ length: (first.getDay() + 6) % 7 }, () => null);
  for (let day = 1; day <= days; day += 1) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

export function AttendanceCalendar({
  month,
  absencesOnly = false,
}: {
  month: AttendanceMonth;
  /** Only the absent days are marked; the rest of the month stays plain. */
  absencesOnly?: boolean;
}) {
  const { t } = useStudentWords();
  const byDay = new Map(month.records.map((record) => [Number(record.date.slice(8, 10)), record.status]));
  return (
    <table className="attendance-calendar" aria-label={t('attendance.calendar', { month: month.label })}>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col">
              {t(`attendance.weekdays.${day}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks(month.key).map((week, i) => (
          <tr key={i}>
            {week.map((day, j) => {
              if (day === null) return <td key={j} />;
              const found = byDay.get(day);
              const status = found && (!absencesOnly || found === 'Absent') ? found : undefined;
              return (
                <td
                  key={j}
                  data-status={status ? TONE[status] : undefined}
                  title={status ? t(`attendance.status.${TONE[status]}`) : undefined}
                >
                  <span className="attendance-calendar-day">{day}</span>
                  {status && (
                    <>
                      <span className="attendance-calendar-letter" aria-hidden>
                        {t(`attendance.letter.${TONE[status]}`)}
                      </span>
                      <VisuallyHidden>{t(`attendance.status.${TONE[status]}`)}</VisuallyHidden>
                    </>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the colours and letters mean. */
export function CalendarLegend() {
  const { t } = useStudentWords();
  return (
    <ul className="attendance-calendar-legend" aria-label={t('attendance.legend')}>
      {(['Present', 'Absent', 'On leave'] as const).map((status) => (
        <li key={status} data-status={TONE[status]}>
          <span aria-hidden>{t(`attendance.letter.${TONE[status]}`)}</span>{' '}
          {t(`attendance.status.${TONE[status]}`)}
        </li>
      ))}
    </ul>
  );
}
