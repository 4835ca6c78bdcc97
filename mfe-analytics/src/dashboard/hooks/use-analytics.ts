import { useQuery } from '@tanstack/react-query';
import { ANALYTICS_LIMITS } from '@listready/contracts/analytics-limits';
import { analyticsRealtimeSchema, analyticsStatsSchema } from '@listready/contracts/analytics';
import { apiClient, apiQuery } from '@listready/web-client';
import { REALTIME_URL, STATS_URL } from '../utils/analytics-api.ts';

/** GET /api/analytics/stats, asked again every 30 s (spec §7, §9) and on Refresh. */
export function useAnalyticsStats() {
  return useQuery({
    ...apiQuery(apiClient, STATS_URL, analyticsStatsSchema),
    refetchInterval: ANALYTICS_LIMITS.statsRefreshMs,
  });
}

/** GET /api/analytics/realtime, asked again every 5 s (spec §7, §9). */
export function useAnalyticsRealtime() {
  return useQuery({
    ...apiQuery(apiClient, REALTIME_URL, analyticsRealtimeSchema),
    refetchInterval: ANALYTICS_LIMITS.realtimeRefreshMs,
  });
}
