import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentBrandingSchema,
  logoUploadResponseSchema,
  type AgentBrandingUpdate,
} from '@listready/contracts/branding';
// The agent's own calls share the word for "the signed-in agent" (contracts/src/agent-address.ts).
import { CURRENT_AGENT_ID } from '@listready/contracts/journey';
import { apiClient, apiQuery } from '@listready/web-client';

export const CURRENT_BRANDING_URL = '/api/branding/current';
export const LOGO_UPLOAD_URL = '/api/branding/logos';
/**
 * The signed-in agent's own branding, named as `current` (CURRENT_AGENT_ID): the panel reads and
 * saves it without first asking for the agent's id.
 */
export const AGENT_BRANDING_URL = `/api/agents/${CURRENT_AGENT_ID}/branding`;

/** Spec §7, §9: branding is fresh for 5 minutes, kept 10, and not refetched on focus. */
export const BRANDING_STALE_MS = 5 * 60 * 1000;
export const BRANDING_GC_MS = 10 * 60 * 1000;

/** GET /api/agents/current/branding. */
export function useAgentBranding() {
  return useQuery({
    ...apiQuery(apiClient, AGENT_BRANDING_URL, agentBrandingSchema),
    staleTime: BRANDING_STALE_MS,
    gcTime: BRANDING_GC_MS,
    refetchOnWindowFocus: false,
  });
}

/**
 * PUT /api/agents/current/branding: on success the answer becomes the cached branding and the
 * current branding (the page frame's) is fetched again, so the agent's own pages change at once.
 */
export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AgentBrandingUpdate) =>
      apiClient.request('PUT', AGENT_BRANDING_URL, agentBrandingSchema, { body: update }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([AGENT_BRANDING_URL], saved);
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
