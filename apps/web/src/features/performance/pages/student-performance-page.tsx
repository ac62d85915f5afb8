/** A student's performance (SPEC §2): one marks card. */
import { Alert, Stack } from '@mantine/core';
import { MESSAGES } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useStudentPerformance } from '../api';
import { PerformanceCard } from '../components/performance-card';

export function StudentPerformancePage() {
  const user = useCurrentUser();
  const performance = useStudentPerformance(user.RollNo);

  return (
    <Stack>
      <PageTitle>Performance</PageTitle>
      {user.RollNo === undefined ? (
        <Alert color="red">{MESSAGES.performance.fetchFailed}</Alert>
      ) : performance.isError ? (
        <LoadFailedState
          title={MESSAGES.performance.fetchFailed}
          onRetry={() => void performance.refetch()}
        />
      ) : performance.isPending ? (
        <LoadingState label="Loading performance..." />
      ) : (
        <PerformanceCard record={performance.data} name={user.name} rollNo={user.RollNo} />
      )}
    </Stack>
  );
}
