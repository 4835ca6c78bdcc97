import type { QueryClient } from '@tanstack/react-query';
import { clientProfileSchema, userGroupsSchema } from '@listready/contracts/journey';
import { apiClient, apiQuery, readSession, sentInvitationsQuery } from '@listready/web-client';
import { PROFILE_URL } from '../../journey/utils/journey-api.ts';
import { GROUPS_URL } from './profile-api.ts';

/** GET /api/user-groups: the user's groups, with codes and members (the journey's household too). */
export const userGroupsQuery = apiQuery(apiClient, GROUPS_URL, userGroupsSchema);

/** GET /api/clients/current/profile: the seller's own phone and property (the profile's overview). */
export const ownClientProfileQuery = apiQuery(apiClient, PROFILE_URL, clientProfileSchema);

/**
 * Starts the reads /profile draws its overview with — the groups, and a seller's invitations and
 * client profile — that are not already here: called when the user is about to open it (the bar's
 * Profile, Groups or Custom under a pointer, pressed or focused), so the answers are on their way
 * while the click comes and the journey is taken down, instead of after the profile's first render.
 */
export function prefetchProfileReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(userGroupsQuery);
  const session = readSession(queryClient);
  if (session.status !== 'signed-in' || session.user.role !== 'client') return;
  void queryClient.prefetchQuery(sentInvitationsQuery());
  void queryClient.prefetchQuery(ownClientProfileQuery);
}
