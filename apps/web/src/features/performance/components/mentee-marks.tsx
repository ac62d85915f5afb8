/**
 * The marks of the teacher's mentees, one mentored group at a time, students without marks too, each
 * with "Edit marks". The CGPA says whether it was computed or entered.
 */
import { Select, Stack, Text } from '@mantine/core';
import { MESSAGES, type MarksRecord } from '@campus/contract';
import { DataTable } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import type { UrlState } from '../../../lib/url-state';
import { useGroupMarks } from '../api';
import { markColumns } from '../format';
import { useMarksEditor } from './use-marks-editor';

function cgpaNote(record: MarksRecord): string {
  if (record.cgpaSource === null) return '';
  return record.cgpaSource === 'computed' ? ' (computed)' : ' (entered)';
}

export function MenteeMarks({ teacherId, url }: { teacherId: number | undefined; url: UrlState }) {
  const groups = useMentoredGroups(teacherId);
  // The group in the address (`?group=CSE-A`), else the first one mentored.
  const named = url.params.get('group');
  const group = (named !== null && groups.data?.includes(named) ? named : null) ?? groups.data?.[0] ?? null;
  const marks = useGroupMarks(group);
  const { editButton, dialog } = useMarksEditor();

  if (groups.isPending) return <LoadingState label="Loading your groups..." />;
  if (groups.isError) {
    return (
      <LoadFailedState title="Could not load the groups you mentor." onRetry={() => void groups.refetch()} />
    );
  }
  if (groups.data.length === 0) {
    return (
      <EmptyState hint="An administrator makes teachers mentors of groups; your mentees' marks show here once you are one.">
        You do not mentor any group yet.
      </EmptyState>
    );
  }

  let table;
  if (marks.isPending) table = <LoadingState label="Loading marks..." />;
  else if (marks.isError) {
    table = <LoadFailedState title={MESSAGES.performance.fetchFailed} onRetry={() => void marks.refetch()} />;
  } else if (marks.data.length === 0) table = <EmptyState>{MESSAGES.attendance.emptyGroup}</EmptyState>;
  else {
    table = (
      <DataTable
        caption={`Marks of ${group}`}
        columns={[
          { header: 'RollNo', cell: (record) => record.RollNo },
          { header: 'Name', rowHeader: true, cell: (record) => record.Name },
          ...markColumns<MarksRecord>((record, label) => (label === 'CGPA' ? cgpaNote(record) : '')),
          {
            header: 'Marks',
            cell: (record) => editButton({ rollNo: record.RollNo, name: record.Name }),
          },
        ]}
        rows={marks.data}
        rowKey={(record) => record.RollNo}
        minWidth={1000}
        busy={marks.isFetching}
      />
    );
  }

  return (
    <Stack>
      <Select
        label="Group"
        data={groups.data}
        value={group}
        onChange={(value) => url.change({ group: value === groups.data[0] ? null : value })}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
      />
      <Text size="sm" c="dimmed">
        Students of the groups you mentor, those without marks too. You can enter and correct their marks.
      </Text>
      {dialog}
      {table}
    </Stack>
  );
}
