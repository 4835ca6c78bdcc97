import type { HourlyCount } from '@listready/contracts/analytics';
import { counted, formatDateTime } from '../utils/format.ts';

const BAR_WIDTH = 10;
const HEIGHT = 100;

/**
 * Events per hour over the last day, oldest on the left, as hand-drawn SVG bars: a chart library
 * would weigh more than this whole remote and draw with inline styles the CSP refuses. The picture
 * is decoration (aria-hidden); the same figures are a table for screen readers, and each bar tells
 * its hour and count on hover.
 */
export function HourlyEventsChart({ hours }: { hours: HourlyCount[] | undefined }) {
  const series = hours ?? [];
  const most = Math.max(1, ...series.map((hour) => hour.count));
  const total = series.reduce((sum, hour) => sum + hour.count, 0);
  const first = series[0];
  const last = series.at(-1);
  return (
    <figure className="space-y-2">
      <svg
        aria-hidden="true"
        className="h-40 w-full lg:h-64"
        viewBox={`0 0 ${Math.max(series.length, 24) * BAR_WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
      >
        <line x1="0" x2="240" y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-surface-border" />
        {series.map((hour, index) => {
          const height = (hour.count / most) * (HEIGHT - 4);
          return (
            <rect
              key={hour.hour}
              x={index * BAR_WIDTH + 1.5}
              y={HEIGHT - height}
              width={BAR_WIDTH - 3}
              height={height}
              rx="1"
              className="fill-brand"
            >
              <title>{`${formatDateTime(hour.hour)}: ${counted(hour.count, 'event', 'events')}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* Two lines from the first render, so the figures arriving move nothing at 375 px. */}
      <figcaption className="text-xs text-ink-muted">
        <span className="flex justify-between gap-2">
          <span data-testid="chart-start">{first ? formatDateTime(first.hour) : '\u00a0'}</span>
          <span>{last ? 'Now' : '\u00a0'}</span>
        </span>
        <span className="mt-1 block text-center">
          {hours ? `${counted(total, 'event', 'events')} in the last 24 hours` : 'Loading…'}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Events per hour over the last 24 hours</caption>
        <thead>
          <tr>
            <th scope="col">Hour</th>
            <th scope="col">Events</th>
          </tr>
        </thead>
        <tbody>
          {series.map((hour) => (
            <tr key={hour.hour}>
              <td>{formatDateTime(hour.hour)}</td>
              <td>{hour.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
