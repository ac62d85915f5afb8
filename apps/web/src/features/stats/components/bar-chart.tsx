/** A grouped bar chart of counts: a bar per series for each day, on a whole-number axis. */
import { ChartFrame, type ChartProps } from './chart-frame';
import { countTicks, type Plot } from './chart-scale';

/** The share of a day's slot its bars take, the widest a group may grow, and the gap between bars. */
const GROUP_SHARE = 0.7;
const GROUP_MAX = 48;
const BAR_GAP = 2;

export function BarChart(props: ChartProps) {
  const { data, series } = props;
  const ticks = countTicks(Math.max(0, ...data.flatMap((point) => point.values)));
  const bars = (plot: Plot) => {
    const group = Math.min(plot.band * GROUP_SHARE, GROUP_MAX);
    const bar = Math.max(1, (group - BAR_GAP * (series.length - 1)) / series.length);
    return (
      <g aria-hidden="true">
        {data.map((point, i) =>
          series.map((s, j) => {
            const y = plot.yOf(point.values[j] ?? 0);
            return (
              <rect
                key={`${i}-${s.name}`}
                x={plot.xOf(i) - group / 2 + j * (bar + BAR_GAP)}
                y={y}
                width={bar}
                height={plot.bottom - y}
                fill={s.color}
              />
            );
          }),
        )}
      </g>
    );
  };
  return <ChartFrame {...props} ticks={ticks} marks={bars} />;
}
