/** A course's state as a badge: its words and its colour (amber at risk, red out of reach). */
import { Badge } from '@mantine/core';
import type { CourseState } from '@campus/contract';
import { useStudentWords } from '../../../i18n/student';
import { STATE_COLOR } from '../format';

export function StandingBadge({ state }: { state: CourseState }) {
  const { t } = useStudentWords();
  return (
    <Badge color={STATE_COLOR[state]} variant="light" className="standing-badge">
      {t(`shared.standing.${state}`)}
    </Badge>
  );
}
