/** The pieces around a dashboard chart's drawing: legend, axes, tooltip and the numbers as a table. */
import { Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { labelStep, labelX, TICK_FONT_SIZE, type Plot } from './chart-scale';

export interface ChartSeries {
  name: string;
  /** A CSS colour, such as `var(--mantine-color-blue-8)`. */
  color: string;
}

/** One day or week: its label and a value per series, in the series' order. */
export interface ChartPoint {
  label: string;
  values: number[];
}

function Swatch({ color }: { color: string }) {
  return (
    <Box component="span" w={12} h={12} style={{ flex: 'none', borderRadius: '50%', background: color }} />
  );
}

export function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
    <Group
      component="ul"
      gap="md"
      justify="flex-end"
      style={{ listStyle: 'none', padding: 0, margin: '0 0 var(--mantine-spacing-xs)' }}
    >
      {series.map((s) => (
        <Group component="li" key={s.name} gap={6} wrap="nowrap">
          <Swatch color={s.color} />
          <Text size="sm">{s.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The value axis: a light dashed grid line and a label at each tick. */
export function ValueAxis({
  plot,
  ticks,
  format,
}: {
  plot: Plot;
  ticks: number[];
  format: (v: number) => string;
}) {
  return (
    <g aria-hidden="true" fontSize={TICK_FONT_SIZE} fill="var(--mantine-color-dimmed)">
      {ticks.map((tick) => {
        const y = plot.yOf(tick);
        return (
          <g key={tick}>
            <line
              x1={plot.left}
              x2={plot.right}
              y1={y}
              y2={y}
              stroke="var(--campus-border)"
              strokeDasharray="5 5"
            />
            <text x={plot.left - 8} y={y} textAnchor="end" dominantBaseline="middle">
              {format(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The days' or weeks' labels under the plot, as many as fit side by side, always the latest. */
export function CategoryAxis({ plot, labels, width }: { plot: Plot; labels: string[]; width: number }) {
  const step = labelStep(labels, plot.band);
  return (
    <g aria-hidden="true" fontSize={TICK_FONT_SIZE} fill="var(--mantine-color-dimmed)" textAnchor="middle">
      {labels.map((label, i) =>
        (labels.length - 1 - i) % step === 0 ? (
          <text key={i} x={labelX(plot.xOf(i), label, width)} y={plot.bottom + 18}>
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

interface TooltipProps {
  point: ChartPoint;
  series: ChartSeries[];
  format: (v: number) => string;
  /** Centre of the point's slot and the slot's width, in the drawing's pixels. */
  x: number;
  band: number;
  width: number;
  top: number;
}

/**
 * The values of the day under the pointer or the focus, beside its slot on the side with more room.
 * Hidden from screen readers: the focused slot's name already says the same.
 */
export function ChartTooltip({ point, series, format, x, band, width, top }: TooltipProps) {
  const offset = band / 2 + 8;
  const side = x < width / 2 ? { left: x + offset } : { right: width - x + offset };
  return (
    <Paper
      aria-hidden="true"
      withBorder
      shadow="md"
      radius="sm"
      px="sm"
      py={6}
      style={{ position: 'absolute', top, ...side, pointerEvents: 'none', whiteSpace: 'nowrap', zIndex: 1 }}
    >
      <Text size="sm" fw={600}>
        {point.label}
      </Text>
      {series.map((s, i) => (
        <Group key={s.name} gap={6} wrap="nowrap">
          <Swatch color={s.color} />
          <Text size="sm">
            {s.name}: {format(point.values[i] ?? 0)}
          </Text>
        </Group>
      ))}
    </Paper>
  );
}

interface TableProps {
  title: string;
  categoryName: string;
  series: ChartSeries[];
  data: ChartPoint[];
  format: (v: number) => string;
}

/** Every number of the chart as a table that only screen readers read. */
export function ChartTable({ title, categoryName, series, data, format }: TableProps) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryName}</th>
            {series.map((s) => (
              <th scope="col" key={s.name}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((point, i) => (
            <tr key={i}>
              <th scope="row">{point.label}</th>
              {series.map((s, j) => (
                <td key={s.name}>{format(point.values[j] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
