/** The admin home and dashboard: the Statistics cards of SPEC §2. */
import { SimpleGrid } from '@mantine/core';
import { PATHS, STATS, type StatKey } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { StatCard, type StatLink } from '../components/stat-card';

/** Notices have no admin list, so their card has no link. */
const LINKS: Partial<Record<StatKey, StatLink>> = {
  students: { to: PATHS.admin.manageStudents, label: 'Open Manage Students' },
  teachers: { to: PATHS.admin.manageTeachers, label: 'Open Manage Teachers' },
  support: { to: PATHS.admin.help, label: 'Open Support Collection' },
  queries: { to: PATHS.admin.queries, label: 'Open Queries Collection' },
};

export function AdminHomePage() {
  return (
    <>
      <PageTitle>Statistics</PageTitle>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
        {STATS.map((stat) => (
          <StatCard key={stat.key} statKey={stat.key} label={stat.label} link={LINKS[stat.key]} />
        ))}
      </SimpleGrid>
    </>
  );
}
