/** Every course of the student's group: attendance, the rule, the lectures left and the forecast. */
import type { CourseStanding } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { formatCount } from '../../../lib/format';
import { courseLabel, lectureNumber, percentText } from '../format';
import { StandingBadge } from './standing-badge';

const COLUMNS: Column<CourseStanding>[] = [
  { header: 'Course', rowHeader: true, cell: (s) => courseLabel(s.courseName, s.course), minWidth: 160 },
  {
    header: 'Attended',
    cell: (s) => (s.held === 0 ? 'None held yet' : `${lectureNumber(s.attended)} of ${formatCount(s.held)}`),
    nowrap: true,
  },
  {
    header: 'Percent',
    cell: (s) => (s.held === 0 ? '—' : percentText(s.percent)),
    align: 'right',
    nowrap: true,
  },
  { header: 'Needs', cell: (s) => percentText(s.minPercent), align: 'right', nowrap: true },
  { header: 'Lectures left', cell: (s) => formatCount(s.remaining), align: 'right', nowrap: true },
  // Wide enough for the longest state's badge, which would otherwise be cut short.
  { header: 'Standing', cell: (s) => <StandingBadge state={s.state} />, nowrap: true, minWidth: 136 },
  { header: 'Forecast', cell: (s) => s.forecast, minWidth: 240 },
];

export function CourseTable({ courses }: { courses: readonly CourseStanding[] }) {
  return (
    <DataTable
      caption="Attendance by course"
      hideCaption
      columns={COLUMNS}
      rows={courses}
      rowKey={(s) => s.course}
      minWidth={900}
      rowProps={(s) => ({ 'data-state': s.state })}
    />
  );
}
