/** Every student's performance, one row each (SPEC §3 columns, 4 semesters only). */
import { memo } from 'react';
import type { Performance } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { useTeacherWords } from '../../../i18n/teacher';
import { markColumns } from '../format';

/** The mark columns keep the spec's field names (SGPA, CGPA); the rest are in the person's language. */
const MARKS = markColumns<Performance>();

/** Memoised: typing in the search box re-renders the page, not a page of rows. */
export const PerformanceTable = memo(function PerformanceTable({
  rows,
  busy,
}: {
  rows: readonly Performance[];
  busy: boolean;
}) {
  const { t } = useTeacherWords();
  const columns: Column<Performance>[] = [
    { header: t('performance.rollNo'), cell: (row) => row.RollNo },
    { header: t('performance.name'), rowHeader: true, cell: (row) => row.Name },
    ...MARKS,
  ];
  return (
    <DataTable
      caption={t('performance.tableCaption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.RollNo}
      minWidth={860}
      busy={busy}
    />
  );
});
