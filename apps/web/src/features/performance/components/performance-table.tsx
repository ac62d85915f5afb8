/** Every student's performance, one row each (SPEC §3 columns, 4 semesters only). */
import { Table } from '@mantine/core';
import { memo } from 'react';
import type { Performance } from '@campus/contract';
import { marksOf } from '../format';

const MARK_COLUMNS = marksOf(null).map((mark) => mark.label);

/** Memoised: typing in the search box re-renders the page, not a page of rows. */
export const PerformanceTable = memo(function PerformanceTable({
  rows,
  busy,
}: {
  rows: readonly Performance[];
  busy: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-busy={busy}>
        <Table.Caption>Students' performance</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">RollNo</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            {MARK_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col" ta="right">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.RollNo}>
              <Table.Td>{row.RollNo}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {row.Name}
              </Table.Th>
              {marksOf(row).map(({ label, value }) => (
                <Table.Td key={label} ta="right">
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
