/** The campus holidays: no lecture is held or marked on them. Added by date and name, removed in place. */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { HolidaySchema, MESSAGES, type Holiday } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { DayInput } from '../../../components/day-input';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatDay } from '../../../lib/format';
import { useDeleteHoliday, useHolidays, usePutHoliday } from './api';

function AddHolidayForm() {
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ date?: string; name?: string }>({});
  const put = usePutHoliday();

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = HolidaySchema.safeParse({ date, name });
    if (!parsed.success) {
      const found: { date?: string; name?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'date') found.date ??= date ? `Date ${issue.message}` : 'Date is required';
        if (issue.path[0] === 'name') found.name ??= `Name ${issue.message}`;
      }
      setErrors(found);
      return;
    }
    put.mutate(parsed.data, {
      onSuccess: () => {
        showOutcome({
          ok: true,
          message: `${formatDay(parsed.data.date)} is a holiday: ${parsed.data.name}.`,
        });
        setDate('');
        setName('');
      },
      onError: (error) =>
        showOutcome({ ok: false, title: 'The holiday was not saved', message: failureDetail(error) }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a holiday">
      <Group align="flex-start" gap="sm">
        <DayInput
          label="Date"
          value={date}
          onChange={(value) => {
            setDate(value);
            setErrors((before) => ({ ...before, date: undefined }));
          }}
          error={errors.date}
          required
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((before) => ({ ...before, name: undefined }));
          }}
          error={errors.name}
          maxLength={100}
          autoComplete="off"
          required
          w={{ base: '100%', xs: 280 }}
        />
        <Button type="submit" disabled={put.isPending} mt={{ base: 0, xs: 25 }}>
          {put.isPending ? MESSAGES.submitting : 'Add holiday'}
        </Button>
      </Group>
    </form>
  );
}

export function HolidaysPanel() {
  const holidays = useHolidays();
  const remove = useDeleteHoliday();

  const columns: Column<Holiday>[] = [
    { header: 'Date', rowHeader: true, nowrap: true, cell: (h) => formatDay(h.date) },
    { header: 'Name', breakAnywhere: true, cell: (h) => h.name },
    {
      header: 'Actions',
      actions: true,
      cell: (h) => (
        <Button
          variant="outline"
          color="red.9"
          size="compact-sm"
          aria-label={`Remove ${h.name} (${formatDay(h.date)})`}
          disabled={remove.isPending && remove.variables === h.date}
          onClick={() =>
            remove.mutate(h.date, {
              onSuccess: () =>
                showOutcome({ ok: true, message: `${formatDay(h.date)} is a teaching day again.` }),
              onError: (error) =>
                showOutcome({ ok: false, title: `${h.name} was not removed`, message: failureDetail(error) }),
            })
          }
        >
          Remove
        </Button>
      ),
    },
  ];

  let list;
  if (holidays.isPending) list = <LoadingState label="Loading holidays..." />;
  else if (holidays.isError)
    list = <LoadFailedState title="Could not load the holidays." onRetry={() => void holidays.refetch()} />;
  else if (holidays.data.length === 0)
    list = <EmptyState hint="On a holiday no lectures are held or marked.">No holidays yet.</EmptyState>;
  else
    list = (
      <DataTable
        caption="Holidays"
        hideCaption
        columns={columns}
        rows={holidays.data}
        rowKey={(h) => h.date}
        minWidth={480}
      />
    );

  return (
    <Stack gap="md">
      <AddHolidayForm />
      {list}
    </Stack>
  );
}
