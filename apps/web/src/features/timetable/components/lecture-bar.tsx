/**
 * The bar under a lecture's roster that stays in view, as on the day's roster (roster-bar.tsx): the
 * counts, with Late, and Submit; and why Submit waits when the lecture has not begun.
 */
import { Button } from '@mantine/core';
import { memo } from 'react';
import { useRosterWords } from '../../../i18n/roster';
import type { LectureCounts } from '../use-lecture-marks';

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

/** "Present 20 · Absent 3 · Late 2 · On leave 1 · Not marked 4" (a count that is none is left out). */
export function countsText(
  t: ReturnType<typeof useRosterWords>['t'],
  { present, absent, late, onLeave, unmarked }: LectureCounts,
): string {
  return [
    t('lecture.counts.present', { count: present }),
    t('lecture.counts.absent', { count: absent }),
    late > 0 && t('lecture.counts.late', { count: late }),
    onLeave > 0 && t('lecture.counts.onLeave', { count: onLeave }),
    t('lecture.counts.notMarked', { count: unmarked }),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function LectureBar({
  counts,
  changes,
  pending,
  waiting,
}: {
  counts: LectureCounts;
  /** How many marks the submit would send. */
  changes: number;
  pending: boolean;
  /** Why marks cannot be sent yet (the lecture has not begun), if so. */
  waiting: string | null;
}) {
  const { t } = useRosterWords();
  return (
    <div className="roster-bar">
      <div className="roster-bar-row">
        <p aria-live="polite" className="roster-counts">
          {countsText(t, counts)}
        </p>
        <SubmitButton pending={pending} disabled={pending || changes === 0 || waiting !== null} />
      </div>
      {waiting && <p className="roster-note">{waiting}</p>}
    </div>
  );
}
