/** The like toggle: pressed when the signed-in account has liked the query; shows the count. */
import { Button } from '@mantine/core';
import type { Query } from '@campus/contract';
import { useToggleLike } from '../api';

export function LikeButton({ query }: { query: Query }) {
  const toggle = useToggleLike();
  const noun = query.likes === 1 ? 'like' : 'likes';
  return (
    <Button
      size="compact-sm"
      variant={query.likedByMe ? 'filled' : 'default'}
      aria-pressed={query.likedByMe}
      aria-label={`Like, ${query.likes} ${noun}`}
      // Not disabled while pending: a disabled button would drop keyboard focus.
      onClick={() => {
        if (!toggle.isPending) toggle.mutate(query._id);
      }}
    >
      Like · {query.likes}
    </Button>
  );
}
