import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentClientRowsSchema,
  agentInsightsSchema,
  agentStatsSchema,
  LIVE_RESET_EVENT,
} from '@listready/contracts/journey';
import { SENT_INVITATIONS_URL } from '@listready/contracts/invitation';
import { apiClient, apiQuery, openLiveStream } from '@listready/web-client';
import {
  AGENT_CLIENTS_URL,
  AGENT_INSIGHTS_URL,
  AGENT_LIVE_URL,
  AGENT_STATS_URL,
} from '../utils/dashboard-api.ts';

/**
 * Clients move on while the agent is elsewhere: coming back to the dashboard (from a client's
 * journey, say) asks again, showing the cached figures meanwhile.
 */
const freshOnReturn = { refetchOnMount: 'always' } as const;

/** GET /api/agents/current/stats: the stats strip. */
export function useAgentStats() {
  return useQuery({ ...apiQuery(apiClient, AGENT_STATS_URL, agentStatsSchema), ...freshOnReturn });
}

/** GET /api/agents/current/clients: the Clients tab's rows. */
export function useAgentClients() {
  return useQuery({ ...apiQuery(apiClient, AGENT_CLIENTS_URL, agentClientRowsSchema), ...freshOnReturn });
}

/** GET /api/agents/current/insights: stalled clients, forecasts and the pipeline. */
export function useAgentInsights() {
  return useQuery({ ...apiQuery(apiClient, AGENT_INSIGHTS_URL, agentInsightsSchema), ...freshOnReturn });
}

/**
 * The agent's clients' changes as they happen (server-sent events): a completion or a note makes
 * the stats, client rows and insights stale, so the dashboard shows it within a moment. EventSource
 * reconnects by itself with the last event id; a `reset` (events it cannot replay) reads again too,
 * and so does a stream opened anew after EventSource gave up on a refused reconnection.
 */
export function useAgentLiveDashboard(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    // A completion comes with its stage and note events: read again once for all of them.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        for (const url of [AGENT_STATS_URL, AGENT_CLIENTS_URL, AGENT_INSIGHTS_URL, SENT_INVITATIONS_URL]) {
          void queryClient.invalidateQueries({ queryKey: [url] });
        }
      }, 50);
    };
    const close = openLiveStream(
      AGENT_LIVE_URL,
      (source) => {
        source.onmessage = refresh;
        source.addEventListener(LIVE_RESET_EVENT, refresh);
      },
      refresh,
    );
    return () => {
      close();
      clearTimeout(pending);
    };
  }, [queryClient]);
}
