/**
 * The bar under the roster that stays in view (at the bottom of the screen while the list scrolls):
 * the counts and Submit. The outcome of a submit is a toast (SPEC §8's words, green or red).
 *
 * Every tap on the roster renders the bar again, so its counts are plain elements and Submit is
 * memoised: a tap re-renders the count text, not a button's theme and colour resolution.
 */
import { Button } from '@mantine/core';
import { memo } from 'react';
import { MESSAGES } from '@campus/contract';

const SubmitButton = memo(function SubmitButton({
  pending,
  disabled,
}: {
  pending: boolean;
  disabled: boolean;
}) {
  return (
    <Button type="submit" disabled={disabled} className="roster-submit">
      {pending ? MESSAGES.submitting : 'Submit Attendance'}
    </Button>
  );
});

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
      <div className="roster-bar-row">
        <p aria-live="polite" className="roster-counts">
          Present {present} · Absent {absent}
          {onLeave > 0 && ` · On leave ${onLeave}`} · Not marked {unmarked}
        </p>
        <SubmitButton pending={pending} disabled={pending || changes === 0} />
      </div>
    </div>
  );
}
