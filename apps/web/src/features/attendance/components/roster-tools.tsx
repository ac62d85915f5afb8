/**
 * Above the roster: the search, the choice of whom to show and "Mark all present". Memoised, with
 * no counts of its own (they are in the bar), so a tap on a row does not render it again.
 */
import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { memo } from 'react';

export const SHOWS = ['all', 'absent', 'unmarked'] as const;
export type Show = (typeof SHOWS)[number];
const SHOW: { value: Show; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'absent', label: 'Absentees' },
  { value: 'unmarked', label: 'Not marked' },
];

export const RosterTools = memo(function RosterTools({
  search,
  onSearch,
  show,
  onShow,
  onMarkAll,
  pending,
}: {
  search: string;
  onSearch: (text: string) => void;
  show: Show;
  onShow: (show: Show) => void;
  onMarkAll: () => void;
  pending: boolean;
}) {
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        type="search"
        label="Search by name or roll number"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 260 }}
      />
      <SegmentedControl
        aria-label="Show"
        value={show}
        onChange={(value) => onShow(SHOW.find((s) => s.value === value)?.value ?? 'all')}
        data={SHOW}
      />
      <Button variant="default" disabled={pending} onClick={onMarkAll}>
        Mark all present
      </Button>
    </Group>
  );
});
