import { RefreshCw } from 'lucide-react';
import { ANALYTICS_LIMITS } from '@listready/contracts/analytics-limits';
import { Button, Card, LoadingSpinner } from '@listready/ui';
import { useSession } from '@listready/web-client';
import { ActiveSessionsList } from './components/active-sessions-list.tsx';
import { HourlyEventsChart } from './components/hourly-events-chart.tsx';
import { RecentEventsList } from './components/recent-events-list.tsx';
import { StatCards } from './components/stat-cards.tsx';
import { TopActionsChart } from './components/top-actions-chart.tsx';
import { useAnalytics } from './hooks/use-analytics.ts';

/** Said below what failed (never above it), so nothing moves. */
function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted">
      <p>We could not load {what}.</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function AgentAnalytics({ viewerId }: { viewerId: string }) {
  const { stats, realtime } = useAnalytics();
  const refreshing = stats.isFetching || realtime.isFetching;
  const refresh = () => {
    void stats.refetch();
    void realtime.refetch();
  };

  return (
    <section className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>
          <p className="mt-2 text-ink-muted">How you and your clients use ListReady</p>
        </div>
        <Button variant="outline" onClick={refresh} aria-busy={refreshing}>
          <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
          Refresh
        </Button>
      </header>

      <section aria-labelledby="usage-heading" className="space-y-4">
        <h2 id="usage-heading" className="text-xl font-semibold">
          Usage
        </h2>
        <StatCards stats={stats.data} />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card className="space-y-3 p-4">
            <h3 className="font-semibold">Events per hour</h3>
            <HourlyEventsChart hours={stats.data?.eventsPerHour} />
          </Card>
          <Card className="space-y-3 p-4">
            <h3 className="font-semibold">Top actions</h3>
            <TopActionsChart topEvents={stats.data?.topEvents} />
          </Card>
        </div>
        {stats.isError && <LoadFailed what="your usage figures" onRetry={() => void stats.refetch()} />}
      </section>

      <section aria-labelledby="realtime-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="realtime-heading" className="text-xl font-semibold">
            Realtime
          </h2>
          <p className="text-sm text-ink-muted">
            Updated every {ANALYTICS_LIMITS.realtimeRefreshMs / 1000} seconds
          </p>
        </div>
        <Card className="flex h-24 items-center justify-between gap-4 p-4">
          <div>
            <p className="text-sm text-ink-muted">Active users</p>
            <p className="text-xs text-ink-muted">
              Signed in and seen in the last {ANALYTICS_LIMITS.activeSessionWindowMinutes} minutes
            </p>
          </div>
          <p className="text-3xl font-bold tabular-nums" data-stat="Active Users">
            {realtime.data ? realtime.data.activeUsers : '–'}
          </p>
        </Card>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card className="space-y-3 p-4">
            <h3 className="font-semibold">Recent events</h3>
            <RecentEventsList events={realtime.data?.recentEvents} viewerId={viewerId} />
          </Card>
          <Card className="space-y-3 p-4">
            <h3 className="font-semibold">Active sessions</h3>
            <ActiveSessionsList sessions={realtime.data?.activeSessions} viewerId={viewerId} />
          </Card>
        </div>
        {realtime.isError && <LoadFailed what="the realtime view" onRetry={() => void realtime.refetch()} />}
      </section>
    </section>
  );
}

/**
 * The analytics dashboard (/analytics, agent spec §2): stats with Refresh and every 30 s, the
 * realtime view every 5 s (`useAnalytics` says when sooner). The shell shows it to agents only;
 * anyone else sees the spinner.
 */
export function AnalyticsDashboard() {
  const session = useSession();
  if (session.status !== 'signed-in' || session.user.role !== 'agent') return <LoadingSpinner />;
  return <AgentAnalytics viewerId={session.user.id} />;
}
