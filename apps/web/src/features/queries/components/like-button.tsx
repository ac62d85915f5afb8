/** The like toggle: pressed when the signed-in account has liked the query; shows the count. */
import { Button } from '@mantine/core';
import type { Query } from '@campus/contract';
import { useStudentWords } from '../../../i18n/student';
import { useToggleLike } from '../api';

export function LikeButton({ query }: { query: Query }) {
  const { t } = useStudentWords();
  const toggle = useToggleLike();
  return (
    <Button
      size="compact-sm"
      variant={query.likedByMe ? 'filled' : 'default'}
      aria-pressed={query.likedByMe}
      aria-label={t('shared.queries.likeLabel', { count: query.likes })}
      // Not disabled while pending: a disabled button would drop keyboard focus.
      onClick={() => {
        if (!toggle.isPending) toggle.mutate(query._id);
      }}
    >
      {t('shared.queries.like', { count: query.likes })}
    </Button>
  );
}
