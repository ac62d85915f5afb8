/**
 * The admin's Help screen is the support inbox: every message from the support form, newest first,
 * searched and paged on the server. Each message is new until the admin marks it in progress or
 * resolved; the counts per status double as the filter, and each sender can be answered by email.
 */
import { Anchor, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  SUPPORT_STATUS_LABELS,
  SUPPORT_STATUSES,
  SupportStatusSchema,
  type SupportMessage,
  type SupportStatus,
} from '@campus/contract';
import type { Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { PagedTable } from '../../../components/paged-table';
import { showOutcome } from '../../../components/toast';
import { exactTime } from '../../../lib/dates';
import { whatToDo } from '../../../lib/failure';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { useSetSupportStatus, useSupportCounts, useSupportMessages } from '../api';

export const NO_SUPPORT_MESSAGES = 'No support messages found.';
const ALL = 'all';

/** A reply in the admin's own mail program, quoting the reference in the subject. */
export function replyLink(message: SupportMessage): string {
  const subject = `Re: your message ${message.reference}`;
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}`;
}

function StatusSelect({ message }: { message: SupportMessage }) {
  const setStatus = useSetSupportStatus();
  const change = (status: SupportStatus, previous: SupportStatus) =>
    setStatus.mutate(
      { message, status },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: `${message.reference} from ${message.name} marked ${SUPPORT_STATUS_LABELS[status].toLowerCase()}.`,
            action: { label: 'Undo', onClick: () => change(previous, status) },
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not mark ${message.name}'s message ${SUPPORT_STATUS_LABELS[status].toLowerCase()}`,
            message: whatToDo(error),
          }),
      },
    );
  return (
    <NativeSelect
      aria-label={`Status of ${message.reference} from ${message.name}`}
      size="sm"
      miw={140}
      disabled={setStatus.isPending}
      value={message.status}
      data={SUPPORT_STATUSES.map((value) => ({ value, label: SUPPORT_STATUS_LABELS[value] }))}
      onChange={(event) => {
        const parsed = SupportStatusSchema.safeParse(event.currentTarget.value);
        if (parsed.success && parsed.data !== message.status) change(parsed.data, message.status);
      }}
    />
  );
}

const COLUMNS: Column<SupportMessage>[] = [
  { header: 'Reference', nowrap: true, cell: (row) => row.reference },
  { header: 'Status', cell: (row) => <StatusSelect message={row} /> },
  { header: 'Name', rowHeader: true, cell: (row) => row.name },
  {
    header: 'Email',
    nowrap: true,
    cell: (row) => (
      <Stack gap={2}>
        <Text size="sm">{row.email}</Text>
        <Anchor href={replyLink(row)} size="sm" aria-label={`Reply by email to ${row.name}`}>
          Reply by email
        </Anchor>
      </Stack>
    ),
  },
  { header: 'Role', cell: (row) => row.role },
  { header: 'Query Type', nowrap: true, cell: (row) => row.queryType },
  { header: 'Message', minWidth: 240, keepLineBreaks: true, breakAnywhere: true, cell: (row) => row.message },
  {
    header: 'Date',
    nowrap: true,
    cell: (row) => <time dateTime={row.createdAt}>{exactTime(row.createdAt)}</time>,
  },
];

export function AdminSupportPage() {
  // The search, status and page live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const { text: search, setText: changeSearch, search: debouncedSearch } = useUrlSearch(url, 300);
  const asked = SupportStatusSchema.safeParse(url.params.get('status'));
  const status: SupportStatus | null = asked.success ? asked.data : null;
  const page = pageFrom(url.params.get('page'));
  const setPage = (next: number) => url.change({ page: pageParam(next) });
  const query = useSupportMessages({ search: debouncedSearch, status, page });
  const counts = useSupportCounts();
  const changeStatus = (value: string) => {
    const parsed = SupportStatusSchema.safeParse(value);
    url.change({ status: parsed.success ? parsed.data : null, page: null });
  };
  const total = counts.data ? SUPPORT_STATUSES.reduce((sum, s) => sum + counts.data[s], 0) : null;
  const countOf = (n: number | null | undefined) => (n === null || n === undefined ? '' : ` (${n})`);

  let body;
  if (query.isPending) body = <LoadingState label="Loading support messages..." />;
  else if (query.isError)
    body = (
      <LoadFailedState title="Could not load the support messages." onRetry={() => void query.refetch()} />
    );
  else if (query.data.items.length === 0) {
    body =
      debouncedSearch || status ? (
        <EmptyState
          hint={
            status
              ? `No message is ${SUPPORT_STATUS_LABELS[status].toLowerCase()}${debouncedSearch ? ' for this search' : ''}.`
              : "The search looks in each message's reference, name, email and text."
          }
          action={
            <Button
              variant="default"
              onClick={() => {
                changeSearch('');
                url.change({ q: null, status: null, page: null });
              }}
            >
              Show all messages
            </Button>
          }
        >
          {NO_SUPPORT_MESSAGES}
        </EmptyState>
      ) : (
        <EmptyState hint="Messages sent from the support form appear here, newest first.">
          {NO_SUPPORT_MESSAGES}
        </EmptyState>
      );
  } else {
    body = (
      <PagedTable
        caption="Support messages"
        hideCaption
        columns={COLUMNS}
        rowKey={(row) => row._id}
        minWidth={1020}
        busy={query.isFetching}
        data={query.data}
        page={page}
        onPage={setPage}
        pagerLabel="Support messages"
      />
    );
  }

  return (
    <>
      <PageTitle>Support Collection</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        Messages from the support form. Reply by email, then mark each one in progress or resolved.
      </Text>
      <Group gap="xs" mb="md" role="group" aria-label="Show messages by status">
        {[
          { value: ALL, label: `All${countOf(total)}` },
          ...SUPPORT_STATUSES.map((s) => ({
            value: s,
            label: `${SUPPORT_STATUS_LABELS[s]}${countOf(counts.data?.[s])}`,
          })),
        ].map(({ value, label }) => {
          const pressed = (status ?? ALL) === value;
          return (
            <Button
              key={value}
              variant={pressed ? 'filled' : 'default'}
              aria-pressed={pressed}
              onClick={() => changeStatus(value)}
            >
              {label}
            </Button>
          );
        })}
      </Group>
      <TextInput
        label="Search"
        description="Reference, name, email or message"
        type="search"
        maw={420}
        mb="md"
        value={search}
        onChange={(e) => changeSearch(e.currentTarget.value)}
      />
      <Stack gap="md">{body}</Stack>
    </>
  );
}
