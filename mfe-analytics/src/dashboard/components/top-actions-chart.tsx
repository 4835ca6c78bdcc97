import { ANALYTICS_LIMITS } from '@listready/contracts/analytics-limits';
import type { TopEvent } from '@listready/contracts/analytics';
import { eventLabel, formatCount } from '../utils/format.ts';

/**
 * The top 8 actions (spec §2) as labelled bars: the numbers are text, the bars only draw them
 * (an SVG's widths are attributes, so no inline style is needed under the CSP). The list is as tall
 * as 8 rows from the first paint, so nothing below it moves when the figures arrive.
 */
export function TopActionsChart({ topEvents }: { topEvents: TopEvent[] | undefined }) {
  const shown = (topEvents ?? []).slice(0, ANALYTICS_LIMITS.topActionsShown);
  const most = Math.max(1, ...shown.map((top) => top.count));
  return (
    <div className="h-80">
      {topEvents !== undefined && shown.length === 0 ? (
        <p className="text-sm text-ink-muted">No actions recorded yet.</p>
      ) : (
        <ol className="space-y-1" aria-label="Top actions by count">
          {shown.map((top) => (
            <li key={top.event} className="flex h-9 flex-col justify-center gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="truncate" title={top.event}>
                  {eventLabel(top.event)}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{formatCount(top.count)}</span>
              </div>
              <svg aria-hidden="true" className="h-1.5 w-full" viewBox="0 0 100 2" preserveAspectRatio="none">
                <rect width="100" height="2" rx="1" className="fill-surface-border" />
                <rect width={(top.count / most) * 100} height="2" rx="1" className="fill-brand" />
              </svg>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
