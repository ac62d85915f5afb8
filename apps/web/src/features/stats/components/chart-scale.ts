/** The geometry the dashboard's SVG charts share: value ticks, the plot area and which labels fit. */

/** Height of every chart's drawing, axis labels included. */
export const CHART_HEIGHT = 220;
/** Width assumed until the chart's box has been measured (and where there is no layout, as in tests). */
export const FALLBACK_WIDTH = 480;
/** Tick and label text size; the widths below assume about 0.6 of it per character. */
export const TICK_FONT_SIZE = 12;

const CHAR_WIDTH = TICK_FONT_SIZE * 0.6;
const TOP = 10;
const BOTTOM = 26;
const RIGHT = 8;
const TICK_GAP = 8;

/** The space a line of tick text takes, with room on either side. */
export const textWidth = (text: string) => text.length * CHAR_WIDTH + TICK_GAP;

/**
 * Ticks for counts: whole numbers from 0 in steps of 1, 2 or 5 times a power of ten, at most five
 * steps, so the axis never shows a quarter of a gate pass.
 */
export function countTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  let power = 1;
  while (top / (5 * power) > 5) power *= 10;
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => top / s <= 5) ?? 10 * power;
  const ticks = [];
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick);
  return ticks;
}

export interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Width of one category's slot. */
  band: number;
  /** Centre of category `i`. */
  xOf: (i: number) => number;
  /** Height on the drawing of a value on the axis that runs from 0 to `max`. */
  yOf: (value: number) => number;
}

/** Where the plot sits in a drawing `width` wide, leaving room for the value labels on its left. */
export function plotArea(
  width: number,
  count: number,
  ticks: number[],
  formatTick: (v: number) => string,
): Plot {
  const left = Math.max(...ticks.map((tick) => textWidth(formatTick(tick))));
  const right = Math.max(left + count, width - RIGHT);
  const bottom = CHART_HEIGHT - BOTTOM;
  const band = (right - left) / Math.max(1, count);
  const max = ticks[ticks.length - 1] || 1;
  return {
    left,
    right,
    top: TOP,
    bottom,
    band,
    xOf: (i) => left + band * (i + 0.5),
    yOf: (value) => bottom - (Math.min(value, max) / max) * (bottom - TOP),
  };
}

/**
 * Every how many categories a label fits beside the next one. Counted from the last, so the latest
 * day or week is always named.
 */
export function labelStep(labels: string[], band: number): number {
  const widest = Math.max(0, ...labels.map(textWidth));
  return Math.max(1, Math.ceil(widest / band));
}

/** Where a label's centre goes so that it stays inside the drawing near its edges. */
export function labelX(x: number, label: string, width: number): number {
  const half = textWidth(label) / 2;
  return Math.min(Math.max(x, half), width - half);
}
