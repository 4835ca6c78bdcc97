import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_LIMITS } from '@listready/contracts/analytics-limits';
import {
  analyticsRealtimeSchema,
  analyticsStatsSchema,
  type AnalyticsRealtime,
  type AnalyticsStats,
} from '@listready/contracts/analytics';
import { apiClient, apiQuery, tabUsageSessionId } from '@listready/web-client';
import { REALTIME_URL, STATS_URL } from '../utils/analytics-api.ts';

/**
 * True when the realtime view shows more than the stats count: more recent events than events in
 * all, more sessions than sessions in all, or more users among the recent events than users in
 * all. Both answers cover the same people (the agent and their clients), so only stats read before
 * the realtime view can be behind it — as a new agent's first stats are, read while the tracker's
 * first batch (their own sign-in) is still on its way.
 */
export function statsBehind(stats: AnalyticsStats, realtime: AnalyticsRealtime): boolean {
  const recentUsers = new Set(realtime.recentEvents.flatMap((event) => (event.userId ? [event.userId] : [])));
  return (
    realtime.recentEvents.length > stats.totalEvents ||
    realtime.activeSessions.length > stats.totalSessions ||
    recentUsers.size > stats.uniqueUsers
  );
}

/**
 * True while `realtime` lacks the viewer's own usage session (`ownSessionId`, the tab's; the view
 * shows a session id's last characters): the viewer is using the page, so the view is behind.
 */
export function ownSessionMissing(
  realtime: AnalyticsRealtime | undefined,
  ownSessionId: string | null,
): boolean {
  if (!realtime || !ownSessionId) return false;
  return !realtime.activeSessions.some((session) => ownSessionId.endsWith(session.sessionId));
}

/**
 * The dashboard's two reads (spec §7, §9): GET /api/analytics/stats every 30 s (and on Refresh),
 * GET /api/analytics/realtime every 5 s. Ours: when a realtime answer shows the stats behind it
 * (`statsBehind`), the stats are read again then, once per realtime answer, rather than up to 30 s
 * later — the page never says "Total Sessions 0" beside the viewer's own active session; and while
 * the realtime view lacks the viewer's own session (`ownSessionMissing`: the page's reads started
 * before the tracker's first batch landed), it is read every second for the page's first 15 s.
 */
export function useAnalytics() {
  const stats = useQuery({
    ...apiQuery(apiClient, STATS_URL, analyticsStatsSchema),
    refetchInterval: ANALYTICS_LIMITS.statsRefreshMs,
  });
  const [ownSessionId] = useState(tabUsageSessionId);
  const [openedAt] = useState(Date.now);
  const realtime = useQuery({
    ...apiQuery(apiClient, REALTIME_URL, analyticsRealtimeSchema),
    refetchInterval: (query) =>
      ownSessionMissing(query.state.data, ownSessionId) &&
      Date.now() - openedAt < ANALYTICS_LIMITS.ownSessionWaitMs
        ? ANALYTICS_LIMITS.ownSessionRefreshMs
        : ANALYTICS_LIMITS.realtimeRefreshMs,
  });
  const behind =
    stats.data !== undefined && realtime.data !== undefined && statsBehind(stats.data, realtime.data);
  const { refetch: refetchStats } = stats;
  const realtimeAt = realtime.dataUpdatedAt;
  useEffect(() => {
    // A read already under way is not started again (it may be the one that catches up).
    if (behind) void refetchStats({ cancelRefetch: false });
  }, [behind, realtimeAt, refetchStats]);
  return { stats, realtime };
}
