/** Every admin list as a CSV file; attendance for one group over a range of days. */
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defaultReportRange, EXPORT_LIST_LABELS, EXPORT_LISTS, reportRangeProblem } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { localIsoDate } from '../../../lib/today';
import { useDownloadExport, useGroupNames, type ExportRequest } from '../api';
import { DayInput } from '../../../components/day-input';

export function ExportPanel() {
  const download = useDownloadExport();
  const groups = useGroupNames();
  const defaults = defaultReportRange(localIsoDate());
  const [group, setGroup] = useState<string | null>(null);
  const [from, setFrom] = useState(defaults.from);
  const [to, setTo] = useState(defaults.to);
  const [asked, setAsked] = useState<string | null>(null);
  const rangeProblem = from && to ? reportRangeProblem(from, to) : { field: 'from', message: 'is required' };

  const get = (request: ExportRequest, label: string) => {
    setAsked(label);
    download.mutate(request);
  };
  const pending = (label: string) => download.isPending && asked === label;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Export
      </Title>
      <Text size="sm" c="dimmed">
        Each list downloads as a CSV file. Students, teachers, mentor assignments and marks come in the
        columns their import reads, so a file can be corrected and imported again.
      </Text>
      <Group gap="sm">
        {EXPORT_LISTS.map((list) => {
          const label = EXPORT_LIST_LABELS[list];
          return (
            <Button
              key={list}
              variant="default"
              disabled={download.isPending}
              onClick={() => get({ list }, label)}
              aria-label={`Download ${label.toLowerCase()} as CSV`}
            >
              {pending(label) ? 'Downloading...' : label}
            </Button>
          );
        })}
      </Group>
      <Group align="flex-end" gap="md">
        <Select
          label="Attendance of group"
          placeholder={groups.isPending ? 'Loading groups...' : 'Choose a group'}
          data={groups.data ?? []}
          value={group}
          onChange={setGroup}
          searchable
          w={{ base: '100%', xs: 220 }}
        />
        <DayInput
          label="From"
          value={from}
          onChange={setFrom}
          error={rangeProblem?.field === 'from' ? `From ${rangeProblem.message}` : undefined}
          w={{ base: '100%', xs: 180 }}
        />
        <DayInput
          label="To"
          value={to}
          onChange={setTo}
          error={rangeProblem?.field === 'to' ? `To ${rangeProblem.message}` : undefined}
          w={{ base: '100%', xs: 180 }}
        />
        <Button
          variant="default"
          disabled={!group || rangeProblem !== undefined || download.isPending}
          onClick={() => group && get({ list: 'attendance', query: { group, from, to } }, 'attendance')}
        >
          {pending('attendance') ? 'Downloading...' : 'Download attendance CSV'}
        </Button>
      </Group>
      {download.isError && (
        <Alert color="red" role="alert">
          {serverMessageOr(download.error, 'Could not download the file. Please try again.')}
        </Alert>
      )}
    </Stack>
  );
}
