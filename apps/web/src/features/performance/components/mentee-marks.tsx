/**
 * The marks of the teacher's mentees, one mentored group at a time, students without marks too, each
 * with "Edit marks". The CGPA says whether it was computed or entered.
 */
import { Select, Stack, Text } from '@mantine/core';
import type { MarksRecord } from '@campus/contract';
import { DataTable } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import type { UrlState } from '../../../lib/url-state';
import { useGroupMarks } from '../api';
import { markColumns } from '../format';
import { useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { useMarksEditor } from './use-marks-editor';

function cgpaNote(t: TeacherWords, record: MarksRecord): string {
  if (record.cgpaSource === null) return '';
  return t(`performance.mentees.${record.cgpaSource}`);
}

export function MenteeMarks({ teacherId, url }: { teacherId: number | undefined; url: UrlState }) {
  const { t } = useTeacherWords();
  const groups = useMentoredGroups(teacherId);
  // The group in the address (`?group=CSE-A`), else the first one mentored.
  const named = url.params.get('group');
  const group = (named !== null && groups.data?.includes(named) ? named : null) ?? groups.data?.[0] ?? null;
  const marks = useGroupMarks(group);
  const { editButton, dialog } = useMarksEditor();

  if (groups.isPending) return <LoadingState label={t('performance.mentees.loadingGroups')} />;
  if (groups.isError) {
    return (
      <LoadFailedState title={t('performance.mentees.groupsFailed')} onRetry={() => void groups.refetch()} />
    );
  }
  if (groups.data.length === 0) {
    return (
      <EmptyState hint={t('performance.mentees.noGroupHint')}>{t('performance.mentees.noGroup')}</EmptyState>
    );
  }

  let table;
  if (marks.isPending) table = <LoadingState label={t('performance.mentees.loadingMarks')} />;
  else if (marks.isError) {
    table = <LoadFailedState title={t('performance.fetchFailed')} onRetry={() => void marks.refetch()} />;
  } else if (marks.data.length === 0) table = <EmptyState>{t('performance.mentees.emptyGroup')}</EmptyState>;
  else {
    table = (
      <DataTable
        caption={t('performance.mentees.caption', { group })}
        columns={[
          { header: t('performance.rollNo'), cell: (record) => record.RollNo },
          { header: t('performance.name'), rowHeader: true, cell: (record) => record.Name },
          ...markColumns<MarksRecord>((record, label) => (label === 'CGPA' ? cgpaNote(t, record) : '')),
          {
            header: t('performance.mentees.marks'),
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
        label={t('performance.mentees.group')}
        data={groups.data}
        value={group}
        onChange={(value) => url.change({ group: value === groups.data[0] ? null : value })}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
      />
      <Text size="sm" c="dimmed">
        {t('performance.mentees.intro')}
      </Text>
      {dialog}
      {table}
    </Stack>
  );
}
