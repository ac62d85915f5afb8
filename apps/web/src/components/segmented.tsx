/**
 * A choice among a few ways to show a screen (list or calendar; all, solved or unsolved), as a strip
 * of segments: Mantine's SegmentedControl as it looks before its sliding indicator is set up, and
 * kept that way. Its stylesheet paints the chosen segment itself until then.
 *
 * Mantine's control renders three times as it mounts and reads the page's layout to place the
 * indicator, forcing a layout of the whole screen before it is first shown (docs/performance.md,
 * "The web app's first screen"). This one is radio buttons and labels with the same classes, drawn
 * once; the choice moves without the slide.
 */
import { SegmentedControl } from '@mantine/core';
import { useId, type CSSProperties } from 'react';

const CLASSES = SegmentedControl.classes;
const ROOT_CLASS = `${CLASSES.root} mantine-SegmentedControl-root`;
const CONTROL_CLASS = `${CLASSES.control} mantine-SegmentedControl-control`;
const INPUT_CLASS = `${CLASSES.input} mantine-SegmentedControl-input`;
const LABEL_CLASS = `${CLASSES.label} mantine-SegmentedControl-label`;
const INNER_LABEL_CLASS = `${CLASSES.innerLabel} mantine-SegmentedControl-innerLabel`;
/** The shadow Mantine gives the chosen segment when no colour is set. */
const ROOT_STYLE = { '--sc-shadow': 'var(--mantine-shadow-xs)' } as CSSProperties;

export interface SegmentedProps<T extends string> {
  /** What the choice is about, for assistive technology ("Show records as"). */
  label: string;
  data: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  style?: CSSProperties;
}

export function Segmented<T extends string>({ label, data, value, onChange, style }: SegmentedProps<T>) {
  const name = useId();
  return (
    <div
      className={ROOT_CLASS}
      role="radiogroup"
      aria-label={label}
      data-with-items-borders
      style={style ? { ...ROOT_STYLE, ...style } : ROOT_STYLE}
    >
      {data.map((item) => {
        const chosen = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div key={item.value} className={CONTROL_CLASS} data-active={chosen || undefined}>
            <input
              className={INPUT_CLASS}
              type="radio"
              name={name}
              value={item.value}
              id={id}
              checked={chosen}
              onChange={() => onChange(item.value)}
              data-focus-ring="auto"
            />
            <label className={LABEL_CLASS} htmlFor={id} data-active={chosen || undefined}>
              <span className={INNER_LABEL_CLASS}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
