import { CalendarClock, Home, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { AgentStats } from '@listready/contracts/journey';
import { Button, Card } from '@listready/ui';

interface Stat {
  label: string;
  icon: LucideIcon;
  value: (stats: AgentStats | undefined) => string;
}

/** The four cards (agent spec §2, Stats strip); each value is 0 until there is one. */
const STATS: readonly Stat[] = [
  { label: 'Active Clients', icon: Users, value: (stats) => String(stats?.activeClients ?? 0) },
  { label: 'Avg. Progress', icon: TrendingUp, value: (stats) => `${stats?.avgProgress ?? 0}%` },
  { label: 'Tasks Due Today', icon: CalendarClock, value: (stats) => String(stats?.tasksDue ?? 0) },
  { label: 'Ready to List', icon: Home, value: (stats) => String(stats?.readyToList ?? 0) },
];

/** Every card, placeholder or not, is this tall: nothing moves when the figures arrive. */
const CARD = 'flex h-28 flex-col justify-between p-4';

/**
 * Active Clients, Avg. Progress, Tasks Due Today, Ready to List. While the figures load, four
 * placeholder cards of the same size stand in for them.
 */
export function StatsStrip({
  stats,
  loading,
  failed,
  onRetry,
}: {
  stats: AgentStats | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <section aria-labelledby="stats-heading" className="space-y-3">
      <h2 id="stats-heading" className="sr-only">
        Your clients at a glance
      </h2>
      {loading ? (
        <div role="status" className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="stats-loading">
          <span className="sr-only">Loading your stats</span>
          {STATS.map(({ label }) => (
            <Card key={label} aria-hidden="true" className={CARD}>
              <span className="h-4 w-24 animate-pulse rounded bg-surface-border" />
              <span className="h-8 w-12 animate-pulse rounded bg-surface-border" />
            </Card>
          ))}
        </div>
      ) : (
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map(({ label, icon: Icon, value }) => (
            <Card key={label} className={CARD}>
              <dt className="flex items-center justify-between gap-2 text-sm text-ink-muted">
                {label}
                <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-soft" />
              </dt>
              <dd className="text-3xl font-bold" data-stat={label}>
                {value(stats)}
              </dd>
            </Card>
          ))}
        </dl>
      )}
      {/* Below the cards, so the figures never move. */}
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted"
        >
          <p>We could not load your stats.</p>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}
