/** A query's tags, in one style wherever they show: cards, dialogs, work lists and tables. */
import { Badge, Group } from '@mantine/core';

export function Tag({ children }: { children: string }) {
  return (
    <Badge variant="light" color="gray" radius="sm" size="sm" tt="none" fw={500} role="listitem">
      {children}
    </Badge>
  );
}

/** The tags as a list named "Tags"; nothing when there are none. */
export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} aria-label="Tags" role="list" wrap="wrap">
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </Group>
  );
}
