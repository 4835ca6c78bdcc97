import { useQuery } from '@tanstack/react-query';
import { currentBrandingSchema } from '@listready/contracts/branding';
import { apiClient, apiQuery } from '@listready/web-client';

export const CURRENT_BRANDING_URL = '/api/branding/current';

/**
 * GET /api/branding/current for a signed-in user (spec §3, §7, §9): 5 minutes fresh, 10 kept, not
 * refetched on focus. The Branding panel invalidates it after a save.
 */
export function useCurrentBranding(signedIn: boolean) {
  return useQuery({
    ...apiQuery(apiClient, CURRENT_BRANDING_URL, currentBrandingSchema),
    enabled: signedIn,
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
}
