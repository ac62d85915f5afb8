/** What a check found (or an import did): the counts, then every problem by row, a page at a time. */
import { Alert, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ImportReport } from '@campus/contract';

const PROBLEMS_PER_PAGE = 20;
const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;

export function ImportCounts({ report }: { report: ImportReport }) {
  const would = report.dryRun ? 'would be ' : '';
  const { created, updated, unchanged } = report.counts;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {plural(report.rows, 'row')}: {count.format(created)} {would}created, {count.format(updated)} {would}
        updated, {count.format(unchanged)} unchanged.
      </Text>
      {report.newGroups.length > 0 && (
        <Text size="sm">
          New {report.newGroups.length === 1 ? 'group' : 'groups'} {report.dryRun ? 'to create' : 'created'}:{' '}
          {report.newGroups.join(', ')}.
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
          ` Only the first ${count.format(report.errors.length)} are listed.`}
      </Alert>
      <Table.ScrollContainer minWidth={320} type="native" tabIndex={0} role="region" aria-label={caption}>
        <Table striped captionSide="top">
          <Table.Caption ta="start">{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={56}>
                Row
              </Table.Th>
              <Table.Th scope="col" w={110}>
                Field
              </Table.Th>
              <Table.Th scope="col">Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((problem, i) => (
              <Table.Tr key={`${problem.row}-${problem.field}-${i}`}>
                <Table.Td>{problem.row}</Table.Td>
                <Table.Td>{problem.field}</Table.Td>
                <Table.Td>{problem.problem}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
