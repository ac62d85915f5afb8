/** A student's performance (SPEC §2): one marks card. */
import { Alert, Stack } from '@mantine/core';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useStudentWords } from '../../../i18n/student';
import { useCurrentUser } from '../../../lib/current-user';
import { useStudentPerformance } from '../api';
import { PerformanceCard } from '../components/performance-card';

export function StudentPerformancePage() {
  const { t } = useStudentWords();
  const user = useCurrentUser();
  const performance = useStudentPerformance(user.RollNo);

  return (
    <Stack>
      <PageTitle>{t('performance.title')}</PageTitle>
      {user.RollNo === undefined ? (
        <Alert color="red">{t('performance.fetchFailed')}</Alert>
      ) : performance.isError ? (
        <LoadFailedState title={t('performance.fetchFailed')} onRetry={() => void performance.refetch()} />
      ) : performance.isPending ? (
        <LoadingState label={t('performance.loading')} />
      ) : (
        <PerformanceCard record={performance.data} name={user.name} rollNo={user.RollNo} />
      )}
    </Stack>
  );
}
