/** A course's state as a badge: its words and its colour (amber at risk, red out of reach). */
import { Badge } from '@mantine/core';
import type { CourseState } from '@campus/contract';
import { STATE_COLOR, STATE_WORDS } from '../format';

export function StandingBadge({ state }: { state: CourseState }) {
  return (
    <Badge color={STATE_COLOR[state]} variant="light" className="standing-badge">
      {STATE_WORDS[state]}
    </Badge>
  );
}
