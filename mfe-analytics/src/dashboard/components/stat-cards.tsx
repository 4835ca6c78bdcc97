import { Activity, MousePointerClick, Users, type LucideIcon } from 'lucide-react';
import type { AnalyticsStats } from '@listready/contracts/analytics';
import { Card } from '@listready/ui';
import { formatCount } from '../utils/format.ts';

const STATS: readonly { label: string; icon: LucideIcon; value: (stats: AnalyticsStats) => number }[] = [
  { label: 'Total Events', icon: MousePointerClick, value: (stats) => stats.totalEvents },
  { label: 'Total Sessions', icon: Activity, value: (stats) => stats.totalSessions },
  { label: 'Unique Users', icon: Users, value: (stats) => stats.uniqueUsers },
];

/** Every card, placeholder or not, is this tall: nothing moves when the figures arrive. */
const CARD = 'flex h-28 flex-col justify-between p-4';

/** Total events, sessions and unique users (spec §2); same-sized placeholders while loading. */
export function StatCards({ stats }: { stats: AnalyticsStats | undefined }) {
  if (!stats) {
    return (
      <div role="status" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <span className="sr-only">Loading your usage figures</span>
        {STATS.map(({ label }) => (
          <Card key={label} aria-hidden="true" className={CARD}>
            <span className="h-4 w-24 animate-pulse rounded bg-surface-border" />
            <span className="h-8 w-16 animate-pulse rounded bg-surface-border" />
          </Card>
        ))}
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {STATS.map(({ label, icon: Icon, value }) => (
        <Card key={label} className={CARD}>
          <dt className="flex items-center justify-between gap-2 text-sm text-ink-muted">
            {label}
            <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-soft" />
          </dt>
          <dd className="text-3xl font-bold" data-stat={label}>
            {formatCount(value(stats))}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
