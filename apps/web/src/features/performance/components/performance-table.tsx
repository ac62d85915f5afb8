/** Every student's performance, one row each (SPEC §3 columns, 4 semesters only). */
import { memo } from 'react';
import type { Performance } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { markColumns } from '../format';

const COLUMNS: Column<Performance>[] = [
  { header: 'RollNo', cell: (row) => row.RollNo },
  { header: 'Name', rowHeader: true, cell: (row) => row.Name },
  ...markColumns<Performance>(),
];

/** Memoised: typing in the search box re-renders the page, not a page of rows. */
export const PerformanceTable = memo(function PerformanceTable({
  rows,
  busy,
}: {
  rows: readonly Performance[];
  busy: boolean;
}) {
  return (
    <DataTable
      caption="Students' performance"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.RollNo}
      minWidth={860}
      busy={busy}
    />
  );
});
