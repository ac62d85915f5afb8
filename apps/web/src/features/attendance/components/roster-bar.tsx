/**
 * The bar under the roster that stays in view (at the bottom of the screen while the list scrolls):
 * the counts and Submit. The outcome of a submit is a toast (SPEC §8's words, green or red).
 *
 * Every tap on the roster renders the bar again, so its counts are plain elements and Submit is
 * memoised: a tap re-renders the count text, not a button's theme and colour resolution.
 */
import { Button } from '@mantine/core';
import { memo } from 'react';
import { useRosterWords } from '../../../i18n/roster';

const SubmitButton = memo(function SubmitButton({
  pending,
  disabled,
}: {
  pending: boolean;
  disabled: boolean;
}) {
  const { t } = useRosterWords();
  return (
    <Button type="submit" disabled={disabled} className="roster-submit">
      {pending ? t('said.submitting') : t('bar.submit')}
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
  const { t } = useRosterWords();
  return (
    <div className="roster-bar">
      <div className="roster-bar-row">
        <p aria-live="polite" className="roster-counts">
          {t('bar.counts', { present, absent })}
          {onLeave > 0 && t('bar.onLeave', { count: onLeave })}
          {t('bar.notMarked', { count: unmarked })}
        </p>
        <SubmitButton pending={pending} disabled={pending || changes === 0} />
      </div>
    </div>
  );
}
