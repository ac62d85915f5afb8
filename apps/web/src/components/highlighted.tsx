/**
 * A search answer's text with its found words marked: the server puts them between HIGHLIGHT_START
 * and HIGHLIGHT_END (control characters), shown here as <mark> elements; the text stays text.
 */
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@campus/contract';

export function Highlighted({ text }: { text: string }) {
  const parts: { text: string; marked: boolean }[] = [];
  for (const [i, piece] of text.split(HIGHLIGHT_START).entries()) {
    if (i === 0) {
      if (piece) parts.push({ text: piece.replaceAll(HIGHLIGHT_END, ''), marked: false });
      continue;
    }
    const end = piece.indexOf(HIGHLIGHT_END);
    const marked = end === -1 ? piece : piece.slice(0, end);
    const rest = end === -1 ? '' : piece.slice(end + 1).replaceAll(HIGHLIGHT_END, '');
    if (marked) parts.push({ text: marked, marked: true });
    if (rest) parts.push({ text: rest, marked: false });
  }
  return (
    <>
      {parts.map((part, i) =>
        part.marked ? (
          // Dark text on light yellow in either colour scheme: readable wherever it sits (links too).
          <mark
            key={i}
            style={{
              background: 'var(--mantine-color-yellow-2)',
              color: 'var(--mantine-color-black)',
              padding: 0,
            }}
          >
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** The text without its marks (for labels and comparisons). */
export const unmarked = (text: string) => text.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '');
