import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentAccountSchema } from '@listready/contracts/auth';
import {
  agentBrandingSchema,
  logoUploadResponseSchema,
  type AgentBrandingUpdate,
} from '@listready/contracts/branding';
import { apiClient, apiQuery } from '@listready/web-client';
import { CURRENT_AGENT_URL } from '../../dashboard/utils/dashboard-api.ts';

export const CURRENT_BRANDING_URL = '/api/branding/current';
export const LOGO_UPLOAD_URL = '/api/branding/logos';
export const agentBrandingUrl = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}/branding`;

/** Spec §7, §9: branding is fresh for 5 minutes, kept 10, and not refetched on focus. */
export const BRANDING_STALE_MS = 5 * 60 * 1000;
export const BRANDING_GC_MS = 10 * 60 * 1000;

/** The signed-in agent's id (GET /api/agents/current), unless the dashboard already passed it. */
export function useAgentId(given: string | undefined): string | undefined {
  const agent = useQuery({
    ...apiQuery(apiClient, CURRENT_AGENT_URL, agentAccountSchema),
    enabled: given === undefined,
  });
  return given ?? agent.data?.id;
}

/** GET /api/agents/{agentId}/branding. */
export function useAgentBranding(agentId: string | undefined) {
  return useQuery({
    ...apiQuery(apiClient, agentBrandingUrl(agentId ?? ''), agentBrandingSchema),
    enabled: agentId !== undefined,
    staleTime: BRANDING_STALE_MS,
    gcTime: BRANDING_GC_MS,
    refetchOnWindowFocus: false,
  });
}

/**
 * PUT /api/agents/{agentId}/branding: on success the answer becomes the cached branding and the
 * current branding (the page frame's) is fetched again, so the agent's own pages change at once.
 */
export function useSaveBranding(agentId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AgentBrandingUpdate) =>
      apiClient.request('PUT', agentBrandingUrl(agentId ?? ''), agentBrandingSchema, { body: update }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([agentBrandingUrl(saved.agentId)], saved);
      await queryClient.invalidateQueries({ queryKey: [CURRENT_BRANDING_URL] });
    },
  });
}

/** POST /api/branding/logos: one image, multipart; answers the stored logo's address. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file, file.name);
      return apiClient.request('POST', LOGO_UPLOAD_URL, logoUploadResponseSchema, { body: form });
    },
  });
}
