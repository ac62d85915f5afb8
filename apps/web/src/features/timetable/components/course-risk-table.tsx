/**
 * A mentor's students by course: who, where they stand, what they must still attend and the forecast
 * in words. A row is one student in one course; on a phone each row is a card.
 */
import { Text } from '@mantine/core';
import type { CourseRiskRow, SortOrder } from '@campus/contract';
import { DataTable, type Column, type SortState } from '../../../components/data-table';
import { useForecastWords } from '../../../i18n/forecast';
import { useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { formatCount } from '../../../lib/format';
import { courseLabel, lectureNumber, percentText } from '../format';
import { forecastWords, type StudentWords } from '../standing-words';
import { StandingBadge } from './standing-badge';

export const RISK_SORTS = ['risk', 'percent', 'name'] as const;
export type RiskSort = (typeof RISK_SORTS)[number];
/** Most at risk first (the server's order), the lowest percent first, names A–Z. */
export const riskSortOrder = (key: RiskSort): SortOrder => (key === 'risk' ? 'desc' : 'asc');

const byName = (a: CourseRiskRow, b: CourseRiskRow) =>
  a.name.localeCompare(b.name) || a.RollNo - b.RollNo || a.course.localeCompare(b.course);

/**
 * The rows of a page in the order asked for. The server answers them most at risk first, so that
 * order is theirs as they came (and turned round for the least at risk first).
 */
export function sortRiskRows(rows: readonly CourseRiskRow[], { key, order }: SortState<RiskSort>) {
  const sorted =
    key === 'risk'
      ? [...rows]
      : [...rows].sort(key === 'name' ? byName : (a, b) => a.percent - b.percent || byName(a, b));
  return order === riskSortOrder(key) ? sorted : sorted.reverse();
}

/** The columns, headers and words in the person's language. */
const columnsOf = (
  t: TeacherWords,
  forecast: StudentWords,
  language: string,
): Column<CourseRiskRow, RiskSort>[] => [
  {
    header: t('risk.table.student'),
    sortKey: 'name',
    rowHeader: true,
    nowrap: true,
    cell: (r) => (
      <>
        {r.name}{' '}
        <Text component="span" size="xs" c="dimmed" fw={400}>
          {r.RollNo}
        </Text>
      </>
    ),
  },
  { header: t('risk.table.group'), cell: (r) => r.group, nowrap: true },
  { header: t('risk.table.course'), cell: (r) => courseLabel(r.courseName, r.course), minWidth: 140 },
  {
    header: t('risk.table.percent'),
    sortKey: 'percent',
    align: 'right',
    nowrap: true,
    cell: (r) => (r.held === 0 ? '—' : percentText(r.percent)),
  },
  {
    header: t('risk.table.attended'),
    nowrap: true,
    cell: (r) =>
      r.held === 0
        ? t('risk.table.noneHeld')
        : t('risk.table.of', { part: lectureNumber(r.attended), whole: formatCount(r.held) }),
  },
  {
    header: t('risk.table.needed'),
    nowrap: true,
    cell: (r) =>
      r.remaining === 0
        ? t('risk.table.noneLeft')
        : t('risk.table.of', { part: formatCount(r.needed), whole: formatCount(r.remaining) }),
  },
  // Wide enough for the longest state's badge, which would otherwise be cut short.
  {
    header: t('risk.table.risk'),
    sortKey: 'risk',
    nowrap: true,
    minWidth: 136,
    cell: (r) => <StandingBadge state={r.state} />,
  },
  {
    header: t('risk.table.forecast'),
    minWidth: 240,
    cell: (r) => forecastWords(forecast, r, language),
  },
];

export function CourseRiskTable({
  rows,
  sort,
  onSort,
  busy,
}: {
  rows: readonly CourseRiskRow[];
  sort: SortState<RiskSort>;
  onSort: (key: RiskSort) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTeacherWords();
  const forecast = useForecastWords().t;
  return (
    <DataTable
      caption={t('risk.table.caption')}
      hideCaption
      columns={columnsOf(t, forecast, i18n.language)}
      rows={sortRiskRows(rows, sort)}
      rowKey={(r) => `${r.RollNo}|${r.course}`}
      minWidth={1040}
      sort={{ ...sort, onSort }}
      rowProps={(r) => ({ 'data-state': r.state })}
      dense
      busy={busy}
    />
  );
}
