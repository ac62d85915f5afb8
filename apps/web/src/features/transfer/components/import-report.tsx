/** What a check found (or an import did): the counts, then every problem by row, a page at a time. */
import { Alert, Button, Code, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ImportReport } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { formatCount } from '../../../lib/format';
import { saveProblems } from '../api';

const PROBLEMS_PER_PAGE = 20;
const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export function ImportCounts({ report }: { report: ImportReport }) {
  const would = report.dryRun ? 'would be ' : '';
  const { created, updated, unchanged } = report.counts;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {plural(report.rows, 'row')}: {formatCount(created)} {would}created, {formatCount(updated)} {would}
        updated, {formatCount(unchanged)} unchanged.
      </Text>
      {report.newGroups.length > 0 && (
        <Text size="sm">
          New {report.newGroups.length === 1 ? 'group' : 'groups'} {report.dryRun ? 'to create' : 'created'}:{' '}
          {report.newGroups.join(', ')}.
        </Text>
      )}
      {report.newCourses && report.newCourses.length > 0 && (
        <Text size="sm">
          New {report.newCourses.length === 1 ? 'course' : 'courses'} {report.dryRun ? 'to add' : 'added'}:{' '}
          {report.newCourses.join(', ')}.
        </Text>
      )}
      {report.ignoredColumns.length > 0 && (
        <Text size="sm" c="dimmed">
          Columns not read: {report.ignoredColumns.join(', ')}.
        </Text>
      )}
    </Stack>
  );
}

type Problem = ImportReport['errors'][number];
const PROBLEM_COLUMNS: Column<Problem>[] = [
  { header: 'Row', width: 48, cell: (problem) => problem.row },
  { header: 'Field', width: 90, breakAnywhere: true, cell: (problem) => problem.field },
  {
    header: 'Value',
    maxWidth: 200,
    breakAnywhere: true,
    cell: (problem) =>
      problem.value === undefined ? (
        <Text span c="dimmed" size="sm">
          (whole row)
        </Text>
      ) : problem.value === '' ? (
        <Text span c="dimmed" size="sm">
          (empty)
        </Text>
      ) : (
        <Code>{problem.value}</Code>
      ),
  },
  { header: 'Problem', cell: (problem) => problem.problem },
];

export function ProblemsTable({ report }: { report: ImportReport }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(report.errors.length / PROBLEMS_PER_PAGE));
  const shown = report.errors.slice((page - 1) * PROBLEMS_PER_PAGE, page * PROBLEMS_PER_PAGE);
  const caption = `Problems in the file (${plural(report.errorCount, 'problem')})`;
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert" title={`The file has ${plural(report.errorCount, 'problem')}.`}>
        Nothing can be imported until they are fixed. Correct the rows below in the file, choose it again and
        press “Check file”.
        {report.errorCount > report.errors.length &&
          ` Only the first ${formatCount(report.errors.length)} are listed.`}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => saveProblems(report)}>
          Download problems (CSV)
        </Button>
      </Group>
      <DataTable
        caption={caption}
        columns={PROBLEM_COLUMNS}
        rows={shown}
        // The same problem may be listed twice for a row: its place in the list tells them apart.
        rowKey={(problem) => shown.indexOf(problem)}
        minWidth={320}
      />
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous problems' : 'Next problems',
            })}
            getItemProps={(n) => ({ 'aria-label': `Problems page ${n}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
