/** A student's attendance (SPEC §2): the percentage, a warning below the minimum, and every record by month. */
import { Stack } from '@mantine/core';
import { attendanceSummary } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useStudentWords } from '../../../i18n/student';
import { useCurrentUser } from '../../../lib/current-user';
import { useAttendanceSettings } from '../../leave/api';
import { useAttendanceHistory } from '../api';
import { AttendanceSummaryCard } from '../components/attendance-summary';
import { AttendanceHistory } from '../components/attendance-history';

export function StudentAttendancePage() {
  const { t } = useStudentWords();
  const user = useCurrentUser();
  const history = useAttendanceHistory(user.RollNo);
  // How the campus counts On leave days; until it is known, the default (left out of the total).
  const rule = useAttendanceSettings().data?.onLeave ?? 'exclude';

  return (
    <Stack>
      <PageTitle>{t('attendance.title')}</PageTitle>
      {user.RollNo === undefined || history.isError ? (
        <LoadFailedState title={t('attendance.fetchFailed')} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <LoadingState label={t('attendance.loading')} />
      ) : (
        <>
          <AttendanceSummaryCard summary={attendanceSummary(history.data, rule)} rule={rule} />
          {history.data.length === 0 ? (
            <EmptyState hint={t('attendance.emptyHint')}>{t('attendance.noRecords')}</EmptyState>
          ) : (
            <AttendanceHistory records={history.data} />
          )}
        </>
      )}
    </Stack>
  );
}
