import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  customTaskSchema,
  customTasksSchema,
  userGroupSchema,
  userGroupsSchema,
  type CustomTaskCreate,
  type CustomTaskUpdate,
  type GroupWrite,
} from '@listready/contracts/journey';
import { publicUserSchema, type ProfileUpdate } from '@listready/contracts/auth';
import { toast } from '@listready/ui';
import { apiClient, apiQuery, ApiRequestError, SESSION_QUERY_KEY } from '@listready/web-client';
import { journeyReadRetry } from '../../journey/hooks/use-journey-queries.ts';
import { CUSTOM_TASKS_URL, customTaskUrl } from '../../journey/utils/journey-api.ts';
import { CURRENT_USER_URL, groupUrl, GROUPS_URL, JOIN_GROUP_URL } from '../utils/profile-api.ts';

/** GET /api/user-groups: the groups the user belongs to, with codes and members. */
export const useGroups = () => useQuery(apiQuery(apiClient, GROUPS_URL, userGroupsSchema));

/**
 * The user's own personal tasks (no `?clientId=`: My Personal Tasks are theirs, whichever household
 * journey they work on). Sellers only: an agent has no journey.
 */
export const usePersonalTasks = (enabled: boolean) =>
  useQuery({ ...apiQuery(apiClient, CUSTOM_TASKS_URL, customTasksSchema), ...journeyReadRetry, enabled });

/**
 * DELETE answers 204 with no body (parsed as undefined). Built from a contract rather than with an
 * import of zod: zod is shared only inside @listready/contracts, so importing it here would ship a
 * second copy (~31 KB brotli) with this remote.
 */
const noContent = customTaskSchema.optional();

/** The server's message for a failed change, else the spec's fallback (seller §8). */
export function failureText(error: Error, fallback: string): string {
  return (error instanceof ApiRequestError ? error.serverMessage : undefined) ?? fallback;
}

function failureToast(title: string) {
  return (error: Error) => toast({ title, description: failureText(error, title), variant: 'destructive' });
}

/** Spec seller §7: after a change the lists refetch — groups, and every journey read (any household). */
function refetchLists(queryClient: QueryClient, { groups = false, journey = false }) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const url = String(query.queryKey[0]);
      return (groups && url.startsWith(GROUPS_URL)) || (journey && url.startsWith('/api/clients/current/'));
    },
  });
}

/** PUT /api/auth/user. The session shows the new name at once; a 409 is the caller's to place. */
export function useUpdateProfile({ onError }: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) =>
      apiClient.request('PUT', CURRENT_USER_URL, publicUserSchema, { body }),
    onSuccess: async (user) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      toast({ title: 'Profile updated successfully' });
      // Member names on groups and tasks come from the profile.
      await refetchLists(queryClient, { groups: true });
    },
    onError,
  });
}

export function useCreateGroup({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupWrite) => apiClient.request('POST', GROUPS_URL, userGroupSchema, { body }),
    onSuccess: async () => {
      toast({ title: 'Group created successfully' });
      onSuccess();
      // A seller's new group is their household: the journey's people change with it.
      await refetchLists(queryClient, { groups: true, journey: true });
    },
    onError: failureToast('Failed to create group'),
  });
}

export function useUpdateGroup({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GroupWrite }) =>
      apiClient.request('PUT', groupUrl(id), userGroupSchema, { body }),
    onSuccess: async () => {
      toast({ title: 'Group updated successfully' });
      onSuccess();
      await refetchLists(queryClient, { groups: true, journey: true });
    },
    onError: failureToast('Failed to update group'),
  });
}

export function useJoinGroup({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) =>
      apiClient.request('POST', JOIN_GROUP_URL, userGroupSchema, { body: { inviteCode } }),
    onSuccess: async () => {
      toast({ title: 'Joined group successfully' });
      onSuccess();
      // Joining a household adds a journey to work on.
      await refetchLists(queryClient, { groups: true, journey: true });
    },
    onError: failureToast('Failed to join group'),
  });
}

export function useCreatePersonalTask({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomTaskCreate) =>
      apiClient.request('POST', CUSTOM_TASKS_URL, customTaskSchema, { body }),
    onSuccess: async () => {
      toast({ title: 'Task created successfully' });
      onSuccess();
      await refetchLists(queryClient, { journey: true });
    },
    onError: failureToast('Failed to create task'),
  });
}

export function useEditPersonalTask({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CustomTaskUpdate }) =>
      apiClient.request('PUT', customTaskUrl(id), customTaskSchema, { body }),
    onSuccess: async () => {
      toast({ title: 'Task updated successfully' });
      onSuccess();
      await refetchLists(queryClient, { journey: true });
    },
    onError: failureToast('Failed to update task'),
  });
}

export function useDeletePersonalTask({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.request('DELETE', customTaskUrl(id), noContent),
    onSuccess: async () => {
      toast({ title: 'Task deleted successfully' });
      onSuccess();
      await refetchLists(queryClient, { journey: true });
    },
    onError: failureToast('Failed to delete task'),
  });
}

/** Copy Code: the invite code to the clipboard, then `Copied!` (spec seller §8). */
export async function copyInviteCode(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: 'Copied!', description: 'Invite code copied to clipboard' });
  } catch {
    toast({
      title: 'Could not copy',
      description: `Copy the code by hand: ${code}`,
      variant: 'destructive',
    });
  }
}
