/**
 * Above a roster (a day's or a lecture's): the search, the choice of whom to show and "Mark all
 * present". Memoised, with no counts of its own (they are in the bar), so a tap on a row does not
 * render it again.
 */
import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useRosterWords } from '../i18n/roster';

export const SHOWS = ['all', 'absent', 'unmarked'] as const;
export type Show = (typeof SHOWS)[number];
/** Each choice of whom to show, with its words' key. */
const SHOW: { value: Show; key: string }[] = [
  { value: 'all', key: 'tools.all' },
  { value: 'absent', key: 'tools.absentees' },
  { value: 'unmarked', key: 'tools.notMarked' },
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
  const { t } = useRosterWords();
  const choices = useMemo(() => SHOW.map(({ value, key }) => ({ value, label: t(key) })), [t]);
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        type="search"
        label={t('tools.search')}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 260 }}
      />
      <SegmentedControl
        aria-label={t('tools.show')}
        value={show}
        onChange={(value) => onShow(SHOW.find((s) => s.value === value)?.value ?? 'all')}
        data={choices}
      />
      <Button variant="default" disabled={pending} onClick={onMarkAll}>
        {t('tools.markAll')}
      </Button>
    </Group>
  );
});
