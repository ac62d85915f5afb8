/** A query's tags, in one style wherever they show: cards, dialogs, work lists and tables. */
import { Badge } from '@mantine/core';

export function Tag({ children }: { children: string }) {
  return (
    <Badge variant="light" color="gray" radius="sm" size="sm" tt="none" fw={500} role="listitem">
      {children}
    </Badge>
  );
}

/** A row of tags that wraps, 4 px apart: a plain element, as a board draws one for every card. */
const ROW_STYLE = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 } as const;

/** The tags as a list named "Tags"; nothing when there are none. */
export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <div aria-label="Tags" role="list" style={ROW_STYLE}>
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </div>
  );
}
