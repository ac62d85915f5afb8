/**
 * A query's tags, in one style wherever they show: cards, dialogs, work lists and tables. A tag is
 * Mantine's `<Badge variant="light" color="gray" radius="sm" size="sm">` as plain elements, with the
 * classes and variables the Badge puts on them: a board draws a few for every card (decision record
 * 0054).
 */
import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useCommonWords } from '../i18n/words';

const TAG_CLASS = `${Badge.classes.root} mantine-Badge-root`;
const LABEL_CLASS = `${Badge.classes.label} mantine-Badge-label`;
const TAG_STYLE = {
  '--badge-height': 'var(--badge-height-sm)',
  '--badge-padding-x': 'var(--badge-padding-x-sm)',
  '--badge-fz': 'var(--badge-fz-sm)',
  '--badge-radius': 'var(--mantine-radius-sm)',
  '--badge-bg': 'var(--mantine-color-gray-light)',
  '--badge-color': 'var(--mantine-color-gray-light-color)',
  '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  fontWeight: 500,
  textTransform: 'none',
} as CSSProperties;

export function Tag({ children }: { children: string }) {
  return (
    <div className={TAG_CLASS} style={TAG_STYLE} data-variant="light" data-size="sm" role="listitem">
      <span className={LABEL_CLASS}>{children}</span>
    </div>
  );
}

/** A row of tags that wraps, 4 px apart: a plain element, as a board draws one for every card. */
const ROW_STYLE = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 } as const;

/** The tags as a list named "Tags"; nothing when there are none. */
export function Tags({ tags }: { tags: readonly string[] }) {
  const { t } = useCommonWords();
  if (tags.length === 0) return null;
  return (
    <div aria-label={t('shared.tags')} role="list" style={ROW_STYLE}>
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </div>
  );
}
