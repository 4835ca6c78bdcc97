import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agentAccountSchema } from '@listready/contracts/auth';
import {
  agentClientRowsSchema,
  agentInsightsSchema,
  agentStatsSchema,
  LIVE_RESET_EVENT,
} from '@listready/contracts/journey';
import { apiClient, apiQuery, openLiveStream } from '@listready/web-client';

export const CURRENT_AGENT_URL = '/api/agents/current';
export const agentStatsUrl = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/stats`;
export const agentClientsUrl = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/clients`;
export const agentInsightsUrl = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/insights`;

/** GET /api/agents/current (auth): the signed-in agent's account, whose id the other calls name. */
export function useCurrentAgent(enabled: boolean) {
  return useQuery({ ...apiQuery(apiClient, CURRENT_AGENT_URL, agentAccountSchema), enabled });
}

/**
 * Clients move on while the agent is elsewhere: coming back to the dashboard (from a client's
 * journey, say) asks again, showing the cached figures meanwhile.
 */
const freshOnReturn = { refetchOnMount: 'always' } as const;

/** GET /api/agents/{agentId}/stats: the stats strip. */
export function useAgentStats(agentId: string | undefined) {
  return useQuery({
    ...apiQuery(apiClient, agentStatsUrl(agentId ?? ''), agentStatsSchema),
    ...freshOnReturn,
    enabled: agentId !== undefined,
  });
}

/** GET /api/agents/{agentId}/clients: the Clients tab's rows. */
export function useAgentClients(agentId: string | undefined) {
  return useQuery({
    ...apiQuery(apiClient, agentClientsUrl(agentId ?? ''), agentClientRowsSchema),
    ...freshOnReturn,
    enabled: agentId !== undefined,
  });
}

/** GET /api/agents/{agentId}/insights: stalled clients, forecasts and the pipeline. */
export function useAgentInsights(agentId: string | undefined) {
  return useQuery({
    ...apiQuery(apiClient, agentInsightsUrl(agentId ?? ''), agentInsightsSchema),
    ...freshOnReturn,
    enabled: agentId !== undefined,
  });
}

export const agentLiveUrl = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/live`;

/**
 * The agent's clients' changes as they happen (server-sent events): a completion or a note makes
 * the stats, client rows and insights stale, so the dashboard shows it within a moment. EventSource
 * reconnects by itself with the last event id; a `reset` (events it cannot replay) reads again too,
 * and so does a stream opened anew after EventSource gave up on a refused reconnection.
 */
export function useAgentLiveDashboard(agentId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (agentId === undefined || typeof EventSource === 'undefined') return undefined;
    // A completion comes with its stage and note events: read again once for all of them.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        for (const url of [agentStatsUrl(agentId), agentClientsUrl(agentId), agentInsightsUrl(agentId)]) {
          void queryClient.invalidateQueries({ queryKey: [url] });
        }
      }, 50);
    };
    const close = openLiveStream(
      agentLiveUrl(agentId),
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
  }, [queryClient, agentId]);
}
