/**
 * What the teachers' work lists (gate passes, queries) share: the filter bar, a group or all and "My
 * mentees only", and tabs that say how many rows each holds.
 */
import { Badge, Group, Select, Switch, Tabs } from '@mantine/core';
import { useCommonWords } from '../i18n/words';
import { FilterBar } from './filter-bar';
import type { SortOrder } from '@campus/contract';
import { flagFrom, oneOf, pageFrom, pageParam, sortFrom, sortParams, useUrlState } from '../lib/url-state';

/** Both work lists show the same number of rows a page, newest first, so a teacher meets one habit. */
export const WORK_LIST_PAGE_SIZE = 50;
export const WORK_LIST_FIRST_SORT = 'createdAt';
/** Times and counts start with the most; words start at A. */
export const workListOrder = (key: string): SortOrder =>
  key === 'createdAt' || key === 'likes' ? 'desc' : 'asc';

export interface WorkListView<K extends string> {
  sort: { key: K; order: SortOrder };
  page: number;
}

/**
 * A work list's tab, group, "My mentees only", sort and page, kept in the address. "My mentees only" is
 * on unless the address says otherwise or the teacher mentors no group.
 */
export function useWorkListUrl<T extends string, K extends string>({
  tabs,
  sorts,
  mentored,
}: {
  tabs: readonly T[];
  /** The columns a list sorts by; each starts with `createdAt`, newest first. */
  sorts: readonly K[];
  mentored: readonly string[] | undefined;
}) {
  const { params, change } = useUrlState();
  const firstTab = tabs[0]!;
  const tab = oneOf(params.get('tab'), tabs, firstTab);
  const view: WorkListView<K> = {
    sort: sortFrom(params, sorts, WORK_LIST_FIRST_SORT as K, workListOrder),
    page: pageFrom(params.get('page')),
  };
  return {
    tab,
    group: params.get('group'),
    mine: flagFrom(params.get('mine')) ?? (mentored ? mentored.length > 0 : true),
    /** The tab on show; the others open on their first view. */
    view,
    setTab: (next: T) =>
      change({ tab: next === firstTab ? null : next, sort: null, order: null, page: null }),
    setGroup: (group: string | null) => change({ group, page: null }),
    setMine: (on: boolean) => change({ mine: on ? '1' : '0', page: null }),
    /** Every group and every student, in one change of the address. */
    showEveryone: () => change({ group: null, mine: '0', page: null }),
    /** A column clicked again turns its order round; a new column starts A–Z, or most first for counts and times. */
    sortBy: (key: K) =>
      change((current) => {
        const now = sortFrom(current, sorts, WORK_LIST_FIRST_SORT as K, workListOrder);
        const order: SortOrder = now.key !== key ? workListOrder(key) : now.order === 'asc' ? 'desc' : 'asc';
        return { ...sortParams({ key, order }, WORK_LIST_FIRST_SORT as K, workListOrder), page: null };
      }),
    setPage: (page: number) => change({ page: pageParam(page) }),
  };
}

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
  const { t } = useCommonWords();
  return (
    <Group align="flex-end" gap="md" mb="md">
      <FilterBar active={(group === null ? 0 : 1) + (mine ? 1 : 0)}>
        <Select
          label={t('shared.group')}
          data={[
            { value: ALL_GROUPS, label: t('shared.allGroups') },
            ...groups.map((g) => ({ value: g, label: g })),
          ]}
          value={group ?? ALL_GROUPS}
          onChange={(value) => onGroup(!value || value === ALL_GROUPS ? null : value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Switch
          label={t('shared.myMentees')}
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
