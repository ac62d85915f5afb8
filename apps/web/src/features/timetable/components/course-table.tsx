/** Every course of the student's group: attendance, the rule, the lectures left and the forecast. */
import type { CourseStanding } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { useForecastWords } from '../../../i18n/forecast';
import { useStudentWords } from '../../../i18n/student';
import { formatCount } from '../../../lib/format';
import { courseLabel, percentText } from '../format';
import { attendedOfWords, forecastWords, type StudentWords } from '../standing-words';
import { StandingBadge } from './standing-badge';

const columns = (t: StudentWords, forecast: StudentWords, language: string): Column<CourseStanding>[] => [
  {
    header: t('courses.columns.course'),
    rowHeader: true,
    cell: (s) => courseLabel(s.courseName, s.course),
    minWidth: 160,
  },
  {
    header: t('courses.columns.attended'),
    cell: (s) => attendedOfWords(t, s.held, s.attended),
    nowrap: true,
  },
  {
    header: t('courses.columns.percent'),
    cell: (s) => (s.held === 0 ? '—' : percentText(s.percent)),
    align: 'right',
    nowrap: true,
  },
  {
    header: t('courses.columns.needs'),
    cell: (s) => percentText(s.minPercent),
    align: 'right',
    nowrap: true,
  },
  {
    header: t('courses.columns.left'),
    cell: (s) => formatCount(s.remaining),
    align: 'right',
    nowrap: true,
  },
  // Wide enough for the longest state's badge, which would otherwise be cut short.
  {
    header: t('courses.columns.standing'),
    cell: (s) => <StandingBadge state={s.state} />,
    nowrap: true,
    minWidth: 136,
  },
  { header: t('courses.columns.forecast'), cell: (s) => forecastWords(forecast, s, language), minWidth: 240 },
];

export function CourseTable({ courses }: { courses: readonly CourseStanding[] }) {
  const { t, i18n } = useStudentWords();
  const forecast = useForecastWords().t;
  return (
    <DataTable
      caption={t('courses.title')}
      hideCaption
      columns={columns(t, forecast, i18n.language)}
      rows={courses}
      rowKey={(s) => s.course}
      minWidth={900}
      rowProps={(s) => ({ 'data-state': s.state })}
    />
  );
}
