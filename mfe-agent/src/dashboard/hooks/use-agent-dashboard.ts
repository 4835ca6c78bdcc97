import { useQuery } from '@tanstack/react-query';
import {
  agentAccountSchema,
  agentClientRowsSchema,
  agentInsightsSchema,
  agentStatsSchema,
} from '@listready/contracts';
import { apiClient, apiQuery } from '@listready/web-client';

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
