/** A student's attendance (SPEC §2): the percentage, a warning below the minimum, and every record by month. */
import { Stack } from '@mantine/core';
import { MESSAGES, attendanceSummary } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useAttendanceSettings } from '../../leave/api';
import { useAttendanceHistory } from '../api';
import { AttendanceSummaryCard } from '../components/attendance-summary';
import { AttendanceHistory } from '../components/attendance-history';

export function StudentAttendancePage() {
  const user = useCurrentUser();
  const history = useAttendanceHistory(user.RollNo);
  // How the campus counts On leave days; until it is known, the default (left out of the total).
  const rule = useAttendanceSettings().data?.onLeave ?? 'exclude';

  return (
    <Stack>
      <PageTitle>Attendance</PageTitle>
      {user.RollNo === undefined || history.isError ? (
        <LoadFailedState title={MESSAGES.attendance.fetchFailed} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <LoadingState label="Loading attendance..." />
      ) : (
        <>
          <AttendanceSummaryCard summary={attendanceSummary(history.data, rule)} rule={rule} />
          {history.data.length === 0 ? (
            <EmptyState hint="Each day a teacher marks your group, the day shows here as Present or Absent.">
              {MESSAGES.attendance.noRecords}
            </EmptyState>
          ) : (
            <AttendanceHistory records={history.data} />
          )}
        </>
      )}
    </Stack>
  );
}
