/**
 * The bar under the roster that stays in view (at the bottom of the screen while the list scrolls):
 * the counts, Submit and the outcome of the last submit (SPEC §8: green for success, red for failure).
 */
import { Button, Group, Text } from '@mantine/core';
import { MESSAGES } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { FailureAlert, SuccessAlert } from './result-alert';

export function RosterBar({
  present,
  absent,
  onLeave = 0,
  unmarked,
  changes,
  pending,
  error,
  succeeded,
}: {
  present: number;
  absent: number;
  /** Students On leave that day (approved leave or gate pass). */
  onLeave?: number;
  unmarked: number;
  /** How many marks the submit would send. */
  changes: number;
  pending: boolean;
  /** The last submit's failure, if it failed. */
  error: Error | null;
  succeeded: boolean;
}) {
  const detail = error ? serverMessageOr(error, '') : '';
  return (
    <div className="roster-bar">
      {succeeded && <SuccessAlert>{MESSAGES.attendance.marked}</SuccessAlert>}
      {error && (
        <FailureAlert>
          {MESSAGES.attendance.markFailed}
          {detail && (
            <Text size="sm" mt={4} c="inherit">
              {detail}
            </Text>
          )}
        </FailureAlert>
      )}
      <Group justify="space-between" gap="xs">
        <Text aria-live="polite" fw={500} className="roster-counts">
          Present {present} · Absent {absent}
          {onLeave > 0 && ` · On leave ${onLeave}`} · Not marked {unmarked}
        </Text>
        <Button type="submit" disabled={pending || changes === 0} className="roster-submit">
          {pending ? MESSAGES.submitting : 'Submit Attendance'}
        </Button>
      </Group>
    </div>
  );
}
