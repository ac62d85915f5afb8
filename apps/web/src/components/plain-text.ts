/**
 * Mantine's Title and Text looks for plain elements: the classes those components put on their
 * element and the variables they set. A list that draws dozens of cards at once (notices, contacts,
 * queries) writes its headings and lines this way: a Title or a Text is a component with its own
 * hooks and style resolution, rendered for every line of every card (decision record 0054).
 */
import { Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';

interface Look {
  className: string;
  style?: CSSProperties;
}

const TEXT_CLASS = `${Text.classes.root} mantine-Text-root`;
const SMALL = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
} as CSSProperties;

/** `<Title order={2} size="h4">`: a card's heading (put on an `h2`). */
export const CARD_HEADING: Look = {
  className: `${Title.classes.root} mantine-Title-root`,
  style: {
    '--title-fw': 'var(--mantine-h4-font-weight)',
    '--title-lh': 'var(--mantine-h4-line-height)',
    '--title-fz': 'var(--mantine-h4-font-size)',
  } as CSSProperties,
};

/** `<Text>`: body text. */
export const BODY_TEXT: Look = { className: TEXT_CLASS };

/** `<Text size="sm">`. */
export const SMALL_TEXT: Look = { className: TEXT_CLASS, style: SMALL };

/** `<Text size="sm" c="dimmed">`: who wrote something and when. */
export const DIMMED_TEXT: Look = {
  className: TEXT_CLASS,
  style: { ...SMALL, color: 'var(--mantine-color-dimmed)' },
};

/** `<Text size="xs" c="dimmed">`: when something was posted. */
export const FINE_PRINT: Look = {
  className: TEXT_CLASS,
  style: {
    '--text-fz': 'var(--mantine-font-size-xs)',
    '--text-lh': 'var(--mantine-line-height-xs)',
    color: 'var(--mantine-color-dimmed)',
  } as CSSProperties,
};

/** The look with another class of the caller's beside its own. */
export function withClass(look: Look, className: string): Look {
  return { ...look, className: `${look.className} ${className}` };
}
