/**
 * The teachers' queries as a dense table: one row per query, sortable columns, and on each row the
 * way to answer it (unsolved) or who answered and when (solved), and to hide it as spam.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import type { Query, QuerySort } from '@campus/contract';
import { DataTable, type Column, type SortState } from '../../../components/data-table';
import { Tags } from '../../../components/tags';
import { TimeAgoIn as TimeAgo } from '../../../i18n/relative-time';
import { useTeacherWords } from '../../../i18n/teacher';

export function QueryWorkListTable({
  solved,
  queries,
  label,
  sort,
  onSort,
  onAnswer,
  onHide,
  busy,
}: {
  solved: boolean;
  queries: Query[];
  /** Names the table and its scrolling region. */
  label: string;
  sort: SortState<QuerySort>;
  onSort: (key: QuerySort) => void;
  onAnswer: (query: Query) => void;
  onHide: (query: Query) => void;
  busy: boolean;
}) {
  const { t } = useTeacherWords();
  const columns: Column<Query, QuerySort>[] = [
    {
      header: t('queries.table.student'),
      sortKey: 'name',
      rowHeader: true,
      nowrap: true,
      cell: (q) => (
        <>
          <Text size="sm" fw={600}>
            {q.name}
          </Text>
          <Text size="xs" c="dimmed">
            {q.rollNo}
          </Text>
        </>
      ),
    },
    { header: t('queries.table.group'), sortKey: 'group', nowrap: true, cell: (q) => q.group },
    {
      header: t('queries.table.query'),
      minWidth: 260,
      maxWidth: 420,
      breakAnywhere: true,
      cell: (q) => (
        <>
          <Text size="sm" fw={600}>
            {q.topic}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} title={q.description}>
            {q.description}
          </Text>
          {solved && (
            <Text size="xs" lineClamp={2} title={q.solution}>
              {t('queries.table.answer', { solution: q.solution })}
            </Text>
          )}
          {q.tags.length > 0 && (
            <Box mt={4}>
              <Tags tags={q.tags} />
            </Box>
          )}
        </>
      ),
    },
    {
      header: t('queries.table.asked'),
      sortKey: 'createdAt',
      nowrap: true,
      cell: (q) => <TimeAgo iso={q.createdAt} />,
    },
    { header: t('queries.table.likes'), sortKey: 'likes', align: 'right', cell: (q) => q.likes },
    ...(solved
      ? [
          {
            header: t('queries.table.answered'),
            nowrap: true,
            cell: (q: Query) => (
              <>
                {q.solvedBy && <Text size="sm">{q.solvedBy}</Text>}
                {q.solvedAt && (
                  <Text size="xs" c="dimmed">
                    <TimeAgo iso={q.solvedAt} />
                  </Text>
                )}
              </>
            ),
          },
        ]
      : []),
    {
      header: t('queries.table.action'),
      sticky: true,
      nowrap: true,
      cell: (q) => (
        <Group gap={6} wrap="nowrap">
          {!solved && (
            <Button
              size="compact-sm"
              onClick={() => onAnswer(q)}
              aria-label={t('queries.table.answerLabel', { topic: q.topic })}
            >
              {t('queries.table.answerButton')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="outline"
            color="red.9"
            onClick={() => onHide(q)}
            aria-label={t('queries.table.hideLabel', { topic: q.topic })}
          >
            {t('queries.hide.hide')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      caption={label}
      hideCaption
      columns={columns}
      rows={queries}
      rowKey={(q) => q._id}
      rowProps={(q) => ({
        'aria-label': t('queries.table.rowLabel', { topic: q.topic, name: q.name, rollNo: q.rollNo }),
      })}
      minWidth={solved ? 980 : 860}
      sort={{ ...sort, onSort }}
      dense
      stackOnPhone
      busy={busy}
    />
  );
}
