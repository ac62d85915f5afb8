/**
 * The bar under the roster that stays in view (at the bottom of the screen while the list scrolls):
 * the counts and Submit. The outcome of a submit is a toast (SPEC §8's words, green or red).
 */
import { Button, Group, Text } from '@mantine/core';
import { MESSAGES } from '@campus/contract';

export function RosterBar({
  present,
  absent,
  onLeave = 0,
  unmarked,
  changes,
  pending,
}: {
  present: number;
  absent: number;
  /** Students On leave that day (approved leave or gate pass). */
  onLeave?: number;
  unmarked: number;
  /** How many marks the submit would send. */
  changes: number;
  pending: boolean;
}) {
  return (
    <div className="roster-bar">
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
