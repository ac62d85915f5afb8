/**
 * The admin home and dashboard: what needs the admin first, then the Statistics cards of SPEC §2,
 * then the campus's recent activity as charts. The cards show as soon as their counts answer; the
 * overview (what needs the admin, the charts) is asked for after them, with its own loading states.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PATHS, STATS, type StatKey } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useAdminOverview, useStatCountsSettled } from '../api';
import { AttentionList } from '../components/attention-list';
import { StatCard, type StatLink } from '../components/stat-card';

const OverviewCharts = lazy(() => import('../components/overview-charts'));

/** Notices have no admin list, so their card has no link. */
const LINKS: Partial<Record<StatKey, StatLink>> = {
  students: { to: PATHS.admin.manageStudents, label: 'Open Manage Students' },
  teachers: { to: PATHS.admin.manageTeachers, label: 'Open Manage Teachers' },
  support: { to: PATHS.admin.help, label: 'Open the support inbox' },
  queries: { to: PATHS.admin.queries, label: 'Open all queries' },
};

export function AdminHomePage() {
  const countsSettled = useStatCountsSettled();
  const overview = useAdminOverview({ enabled: countsSettled });
  const charts = <LoadingState label="Loading charts..." />;
  return (
    <Stack>
      <PageTitle>Statistics</PageTitle>
      <AttentionList enabled={countsSettled} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }}>
        {STATS.map((stat) => (
          <StatCard key={stat.key} statKey={stat.key} label={stat.label} link={LINKS[stat.key]} />
        ))}
      </SimpleGrid>
      {overview.data ? (
        <Suspense fallback={charts}>
          <OverviewCharts overview={overview.data} />
        </Suspense>
      ) : overview.isError ? (
        <LoadFailedState title="Could not load the charts." onRetry={() => void overview.refetch()} />
      ) : (
        charts
      )}
    </Stack>
  );
}
