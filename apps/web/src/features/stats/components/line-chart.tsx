/** A line chart: a line and a dot per series across the weeks, on the axis its ticks give. */
import { ChartFrame, type ChartProps } from './chart-frame';
import type { Plot } from './chart-scale';

export function LineChart({ ticks, ...props }: ChartProps & { ticks: number[] }) {
  const { data, series } = props;
  const lines = (plot: Plot, active: number | null) => (
    <g aria-hidden="true">
      {series.map((s, j) => {
        const points = data.map((point, i) => [plot.xOf(i), plot.yOf(point.values[j] ?? 0)] as const);
        return (
          <g key={s.name}>
            <path
              d={points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x},${y}`).join(' ')}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeLinejoin="round"
            />
            {points.map(([x, y], i) => (
              <circle
                key={i}
                cx={x}
                cy={y}
                r={i === active ? 6 : 4}
                fill={s.color}
                stroke="var(--mantine-color-body)"
                strokeWidth={2}
              />
            ))}
          </g>
        );
      })}
    </g>
  );
  return <ChartFrame {...props} ticks={ticks} marks={lines} />;
}
