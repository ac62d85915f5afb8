/**
 * Courses at risk (/teacher/course-risk, /admin/course-risk): each student's attendance in each course
 * against its rule, and what they must still attend, most at risk first. A teacher sees their mentees
 * (all, or one group they mentor); an admin chooses a group. The view lives in the address.
 */
import { Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { serverMessageOr } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCount } from '../../../lib/format';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import {
  flagFrom,
  pageFrom,
  pageParam,
  sortFrom,
  sortParams,
  useUrlState,
  type UrlState,
} from '../../../lib/url-state';
import { useGroupNames } from '../admin/api';
import { useCourseRisk } from '../api';
import { CourseRiskTable, RISK_SORTS, riskSortOrder, type RiskSort } from '../components/course-risk-table';
import { usePreloadForecast } from '../../../i18n/forecast';
import { useTeacherWords } from '../../../i18n/teacher';

/** A teacher's "every group I mentor", which asks for no group. */
const ALL_MINE = '*';

/** The groups to choose from: a teacher's own, or every group for an admin. */
function useRiskGroups(admin: boolean, teacherId: number | undefined) {
  const mentored = useMentoredGroups(admin ? undefined : teacherId);
  const all = useGroupNames({ enabled: admin });
  return admin ? all : mentored;
}

/** The group, "Only at risk", sort and page, as the address names them. */
function useRiskView({ params, change }: UrlState) {
  const sort = sortFrom(params, RISK_SORTS, 'risk', riskSortOrder);
  return {
    group: params.get('group'),
    atRisk: flagFrom(params.get('atRisk')) ?? true,
    sort,
    page: pageFrom(params.get('page')),
    setGroup: (group: string | null) => change({ group, page: null }),
    setAtRisk: (on: boolean) => change({ atRisk: on ? null : '0', page: null }),
    // A column clicked again turns its order round; the page on show stays, as it is sorted here.
    sortBy: (key: RiskSort) =>
      change((current) => {
        const now = sortFrom(current, RISK_SORTS, 'risk', riskSortOrder);
        const order = now.key !== key ? riskSortOrder(key) : now.order === 'asc' ? 'desc' : 'asc';
        return sortParams({ key, order }, 'risk', riskSortOrder);
      }),
    setPage: (page: number) => change({ page: pageParam(page) }),
  };
}
type RiskView = ReturnType<typeof useRiskView>;

function RiskList({ view, admin }: { view: RiskView; admin: boolean }) {
  const { t } = useTeacherWords();
  const { group, atRisk, page } = view;
  const risk = useCourseRisk({ group, atRisk, page }, !admin || group !== null);
  usePreloadForecast();
  if (admin && group === null) return <Text c="dimmed">{t('risk.chooseToSee')}</Text>;
  if (risk.isPending) return <LoadingState label={t('risk.loading')} />;
  if (risk.isError) {
    return (
      <LoadFailedState
        title={serverMessageOr(risk.error, t('risk.loadFailed'))}
        onRetry={() => void risk.refetch()}
      />
    );
  }
  const { items, total, hasMore, offset } = risk.data;
  if (items.length === 0 && page === 0) {
    return atRisk ? (
      <EmptyState
        hint={t('risk.noneAtRiskHint')}
        action={
          <Button variant="default" onClick={() => view.setAtRisk(false)}>
            {t('risk.showEvery')}
          </Button>
        }
      >
        {t('risk.noneAtRisk')}
      </EmptyState>
    ) : (
      <EmptyState hint={t('risk.noCoursesHint')}>{t('risk.noCourses')}</EmptyState>
    );
  }
  const count = total ?? offset + items.length;
  const paged = page > 0 || hasMore;
  return (
    <Stack gap="sm">
      <Text size="sm" aria-live="polite">
        {t(atRisk ? 'risk.rowsAtRisk' : 'risk.rows', { count, formatted: formatCount(count) })}
        {paged && view.sort.key !== 'risk' && t('risk.sortedWithin')}
      </Text>
      <CourseRiskTable rows={items} sort={view.sort} onSort={view.sortBy} busy={risk.isFetching} />
      <Pager
        page={page}
        offset={offset}
        shown={items.length}
        total={total}
        hasMore={hasMore}
        onChange={view.setPage}
        label={t('risk.pagerLabel')}
      />
    </Stack>
  );
}

export function CourseRiskPage() {
  const { t } = useTeacherWords();
  const user = useCurrentUser();
  const admin = user.role === 'admin';
  const groups = useRiskGroups(admin, user.teacherId);
  const view = useRiskView(useUrlState());
  const options = admin
    ? (groups.data ?? [])
    : [{ value: ALL_MINE, label: t('risk.allMine') }, ...(groups.data ?? [])];

  let body;
  if (admin && groups.isError) {
    body = <LoadFailedState title={t('risk.groupsFailed')} onRetry={() => void groups.refetch()} />;
  } else if (groups.data?.length === 0) {
    body = admin ? (
      <EmptyState
        hint={t('risk.noGroupsHint')}
        action={
          <Button component={Link} to={PATHS.admin.groups} variant="default">
            {t('risk.createGroup')}
          </Button>
        }
      >
        {t('risk.noGroups')}
      </EmptyState>
    ) : (
      <EmptyState hint={t('risk.notMentorHint')}>{t('risk.notMentor')}</EmptyState>
    );
  } else body = <RiskList view={view} admin={admin} />;

  return (
    <Stack>
      <PageTitle>{t('risk.title')}</PageTitle>
      <Text size="sm" c="dimmed" mt={-8} maw={720}>
        {t('risk.intro')}
      </Text>
      <Group align="flex-end" gap="md">
        <Select
          label={t('risk.group')}
          placeholder={groups.isPending ? t('risk.loadingGroups') : t('risk.chooseGroup')}
          data={options}
          value={view.group ?? (admin ? null : ALL_MINE)}
          onChange={(value) => view.setGroup(!value || value === ALL_MINE ? null : value)}
          disabled={admin && groups.isPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Switch
          label={t('risk.onlyAtRisk')}
          checked={view.atRisk}
          onChange={(event) => view.setAtRisk(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {body}
    </Stack>
  );
}
