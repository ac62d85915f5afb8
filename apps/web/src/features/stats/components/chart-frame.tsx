/**
 * The frame both dashboard charts draw in: the legend, the axes, one slot per day or week that shows
 * its values on hover, focus or tap, and the numbers as a table for screen readers. The drawing is as
 * wide as its box, measured, so its text keeps its size on a phone.
 */
import { Box } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  CategoryAxis,
  ChartLegend,
  ChartTable,
  ChartTooltip,
  ValueAxis,
  type ChartPoint,
  type ChartSeries,
} from './chart-parts';
import { CHART_HEIGHT, FALLBACK_WIDTH, plotArea, type Plot } from './chart-scale';

export interface ChartProps {
  /** What the chart shows: the name of its drawing and of its table. */
  title: string;
  /** What one slot is ("Day", "Week"): the table's first column. */
  categoryName: string;
  series: ChartSeries[];
  data: ChartPoint[];
  /** Written after each value (" %"). */
  unit?: string;
}

interface FrameProps extends ChartProps {
  ticks: number[];
  /** Draws the values; `active` is the slot under the pointer or the focus. */
  marks: (plot: Plot, active: number | null) => ReactNode;
}

/** The element's width, read before the first paint and again whenever it changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  return [ref, width || FALLBACK_WIDTH] as const;
}

const KEY_STEPS: Record<string, (i: number, last: number) => number> = {
  ArrowRight: (i) => i + 1,
  ArrowDown: (i) => i + 1,
  ArrowLeft: (i) => i - 1,
  ArrowUp: (i) => i - 1,
  Home: () => 0,
  End: (_, last) => last,
};

export function ChartFrame({ title, categoryName, series, data, unit = '', ticks, marks }: FrameProps) {
  const [ref, width] = useWidth();
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  // One tab stop for the chart; the arrow keys move between its slots.
  const [stop, setStop] = useState(0);
  const slots = useRef<(SVGRectElement | null)[]>([]);
  const format = (value: number) => `${value}${unit}`;
  const plot = plotArea(width, data.length, ticks, format);
  const active = hovered ?? focused;
  const last = data.length - 1;
  const describe = (point: ChartPoint) =>
    `${point.label}: ${series.map((s, i) => `${s.name} ${format(point.values[i] ?? 0)}`).join(', ')}`;

  const move = (event: KeyboardEvent, i: number) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    slots.current[Math.min(Math.max(step(i, last), 0), last)]?.focus();
  };

  return (
    <Box>
      <ChartLegend series={series} />
      <Box ref={ref} pos="relative">
        <svg
          role="group"
          aria-label={title}
          width="100%"
          height={CHART_HEIGHT}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          style={{ display: 'block', overflow: 'visible' }}
          onPointerLeave={() => setHovered(null)}
        >
          <ValueAxis plot={plot} ticks={ticks} format={format} />
          <CategoryAxis plot={plot} labels={data.map((point) => point.label)} width={width} />
          {active !== null && (
            <rect
              aria-hidden="true"
              x={plot.xOf(active) - plot.band / 2}
              y={plot.top}
              width={plot.band}
              height={plot.bottom - plot.top}
              fill="var(--mantine-color-default-hover)"
            />
          )}
          {marks(plot, active)}
          {data.map((point, i) => (
            <rect
              key={i}
              ref={(element) => {
                slots.current[i] = element;
              }}
              role="img"
              aria-label={describe(point)}
              tabIndex={i === Math.min(stop, last) ? 0 : -1}
              x={plot.xOf(i) - plot.band / 2 + 1}
              y={plot.top}
              width={Math.max(0, plot.band - 2)}
              height={plot.bottom - plot.top}
              fill="transparent"
              // Drawn here rather than as an outline, which browsers place unevenly around SVG shapes.
              stroke={focused === i ? 'var(--mantine-primary-color-filled)' : 'none'}
              strokeWidth={2}
              style={{ outline: 'none' }}
              onPointerEnter={() => setHovered(i)}
              onFocus={() => {
                setFocused(i);
                setStop(i);
              }}
              onBlur={() => setFocused(null)}
              onKeyDown={(event) => move(event, i)}
            />
          ))}
        </svg>
        {active !== null && data[active] && (
          <ChartTooltip
            point={data[active]}
            series={series}
            format={format}
            x={plot.xOf(active)}
            band={plot.band}
            width={width}
            top={plot.top}
          />
        )}
      </Box>
      <ChartTable title={title} categoryName={categoryName} series={series} data={data} format={format} />
    </Box>
  );
}
