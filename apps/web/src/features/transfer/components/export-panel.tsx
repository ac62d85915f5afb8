/** Every admin list as a CSV file; attendance for one group over a range of days. */
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defaultReportRange, EXPORT_LIST_LABELS, EXPORT_LISTS, reportRangeProblem } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { downloadExport, useGroupNames, type ExportRequest } from '../api';
import { DayInput } from '../../../components/day-input';
import { useCampusToday } from '../../timetable/campus-now';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

export function ExportPanel() {
  const groups = useGroupNames();
  const defaults = defaultReportRange(useCampusToday());
  const [group, setGroup] = useState<string | null>(null);
  // Null until chosen: the range follows the campus's today, which is known once its zone arrives.
  const [chosenFrom, setFrom] = useState<string | null>(null);
  const [chosenTo, setTo] = useState<string | null>(null);
  const from = chosenFrom ?? defaults.from;
  const to = chosenTo ?? defaults.to;
  // Each list downloads on its own: one running keeps the others free to start.
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const rangeProblem = from && to ? reportRangeProblem(from, to) : { field: 'from', message: 'is required' };

  const get = (request: ExportRequest, label: string) => {
    setRunning((now) => new Set(now).add(label));
    // Not one mutation for all: each download settles on its own, and reports under its own name.
    void downloadExport(request)
      .then(
        (filename) => setOutcome({ ok: true, text: `Downloaded ${filename}.` }),
        (error: unknown) =>
          setOutcome({
            ok: false,
            text: serverMessageOr(error, `Could not download ${label.toLowerCase()}. Please try again.`),
          }),
      )
      .finally(() =>
        setRunning((now) => {
          const next = new Set(now);
          next.delete(label);
          return next;
        }),
      );
  };
  const pending = (label: string) => running.has(label);

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
              aria-busy={pending(label)}
              onClick={() => {
                if (!pending(label)) get({ list }, label);
              }}
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
          disabled={!group || rangeProblem !== undefined}
          aria-busy={pending('attendance')}
          onClick={() => {
            if (group && !pending('attendance'))
              get({ list: 'attendance', query: { group, from, to } }, 'attendance');
          }}
        >
          {pending('attendance') ? 'Downloading...' : 'Download attendance CSV'}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {outcome?.ok === true && (
          <Alert color="green" variant="light">
            {outcome.text}
          </Alert>
        )}
      </div>
      {outcome?.ok === false && (
        <Alert color="red" role="alert">
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
