/**
 * What the teachers' work lists (gate passes, queries) share: the filter bar, a group or all and "My
 * mentees only", and tabs that say how many rows each holds.
 */
import { Badge, Group, Select, Switch, Tabs } from '@mantine/core';
import { FilterBar } from './filter-bar';

const ALL_GROUPS = '*';

export function WorkListFilters({
  groups,
  group,
  onGroup,
  mine,
  onMine,
}: {
  /** The groups the teacher mentors, offered beside "All groups". */
  groups: readonly string[];
  group: string | null;
  onGroup: (group: string | null) => void;
  mine: boolean;
  onMine: (mine: boolean) => void;
}) {
  return (
    <Group align="flex-end" gap="md" mb="md">
      <FilterBar active={(group === null ? 0 : 1) + (mine ? 1 : 0)}>
        <Select
          label="Group"
          data={[{ value: ALL_GROUPS, label: 'All groups' }, ...groups.map((g) => ({ value: g, label: g }))]}
          value={group ?? ALL_GROUPS}
          onChange={(value) => onGroup(!value || value === ALL_GROUPS ? null : value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Switch
          label="My mentees only"
          checked={mine}
          onChange={(event) => onMine(event.currentTarget.checked)}
          mb={8}
        />
      </FilterBar>
    </Group>
  );
}

/** A tab of a work list with how many rows it holds, once known: "Approved Gate Passes (3)". */
export function CountedTab({ value, label, total }: { value: string; label: string; total?: number | null }) {
  const known = total !== undefined && total !== null;
  return (
    <Tabs.Tab
      value={value}
      aria-label={known ? `${label} (${total})` : label}
      rightSection={
        known && (
          <Badge size="sm" variant="filled" color="gray.7" aria-hidden>
            {total}
          </Badge>
        )
      }
    >
      {label}
    </Tabs.Tab>
  );
}
