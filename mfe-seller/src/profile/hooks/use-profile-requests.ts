import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  customTaskSchema,
  customTasksSchema,
  userGroupSchema,
  type CustomTask,
  type CustomTaskCreate,
  type GroupRole,
  type GroupWrite,
  type UserGroup,
} from '@listready/contracts/journey';
import {
  messageResponseSchema,
  publicUserSchema,
  type PasswordChange,
  type ProfileUpdate,
} from '@listready/contracts/auth';
import { toast } from '@listready/ui';
import { apiClient, apiQuery, ApiRequestError, SESSION_QUERY_KEY } from '@listready/web-client';
import { keptOnDeviceToast, useSignedInUserId } from '../../journey/hooks/use-offline-task-changes.ts';
import {
  pendingCreationKey,
  pendingTaskChanges,
  pendingTaskCreations,
} from '../../journey/utils/pending-task-changes.ts';
import {
  deleteCustomTask,
  deleteKeptCreation,
  editKeptCreation,
  KEPT_ON_DEVICE,
  sendOrKeepCreation,
  sendOrKeepOnDevice,
} from '../../journey/utils/sync-pending-changes.ts';
import { journeyReadRetry, usePendingCustomTasksSelect } from '../../journey/hooks/use-journey-queries.ts';
import { CUSTOM_TASKS_URL, customTaskUrl } from '../../journey/utils/journey-api.ts';
import {
  CURRENT_USER_URL,
  groupInviteCodeUrl,
  groupMemberUrl,
  groupUrl,
  GROUPS_QUERY_KEY,
  GROUPS_URL,
  JOIN_GROUP_URL,
  PASSWORD_URL,
} from '../utils/profile-api.ts';
import { userGroupsQuery } from '../utils/profile-reads.ts';

/** GET /api/user-groups: the groups the user belongs to, with codes and members. */
export const useGroups = () => useQuery(userGroupsQuery);

/**
 * The user's own personal tasks (no `?clientId=`: My Personal Tasks are theirs, whichever household
 * journey they work on). Sellers only: an agent has no journey.
 */
export function usePersonalTasks(enabled: boolean) {
  // As the journey shows them: with the tasks made and the changes kept on this device.
  const select = usePendingCustomTasksSelect(CUSTOM_TASKS_URL);
  return useQuery({
    ...apiQuery(apiClient, CUSTOM_TASKS_URL, customTasksSchema),
    ...journeyReadRetry,
    enabled,
    select,
  });
}

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

/**
 * A form the server refused: each field a 400 names gets the server's message under it, like the
 * form's own checks, and the toast says what failed with the server's reason.
 */
export function showFormFailure<Field extends string>(
  error: Error,
  {
    title,
    fields,
    setError,
  }: { title: string; fields: readonly Field[]; setError: (field: Field, message: string) => void },
): void {
  if (error instanceof ApiRequestError && error.status === 400) {
    for (const issue of error.serverError?.issues ?? []) {
      const field = fields.find((name) => name === issue.path);
      if (field) setError(field, issue.message);
    }
  }
  failureToast(title)(error);
}

/** The failure toast of a change: what failed, with the server's reason when it gave one. */
export function failureToast(title: string) {
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

/**
 * PUT /api/auth/user/password. The session stays (the server keeps the one that made the change);
 * the server's message says the person's other devices were signed out.
 */
export function useChangePassword({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      apiClient.request('PUT', PASSWORD_URL, messageResponseSchema, { body }),
    onSuccess: ({ message }) => {
      toast({ title: 'Password changed', description: message });
      onSuccess();
    },
    onError,
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

export function useJoinGroup({ onSuccess }: { onSuccess: (group: UserGroup) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) =>
      apiClient.request('POST', JOIN_GROUP_URL, userGroupSchema, { body: { inviteCode } }),
    onSuccess: async (group) => {
      toast({ title: 'Joined group successfully' });
      onSuccess(group);
      // Joining a household adds a journey to work on.
      await refetchLists(queryClient, { groups: true, journey: true });
    },
    onError: failureToast('Failed to join group'),
  });
}

/** Who leaves or is removed: the caller themself (Leave group) or another member (Remove). */
export interface MemberRemoval {
  groupId: string;
  groupName: string;
  userId: string;
  name: string;
  self: boolean;
}

/**
 * DELETE /api/user-groups/{id}/members/{userId}: an owner or admin removes a member, or anyone but
 * the owner leaves. Leaving a household takes its journey away, so the journey reads refetch too.
 */
export function useRemoveMember({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (removal: MemberRemoval) =>
      apiClient.request('DELETE', groupMemberUrl(removal.groupId, removal.userId), noContent),
    onSuccess: async (_answer, removal) => {
      toast(
        removal.self
          ? {
              title: 'Left group successfully',
              description: `You are no longer a member of ${removal.groupName}.`,
            }
          : {
              title: 'Member removed successfully',
              description: `${removal.name} is no longer in ${removal.groupName}.`,
            },
      );
      onSuccess();
      await refetchLists(queryClient, { groups: true, journey: true });
    },
    onError: (error: Error, removal) =>
      failureToast(removal.self ? 'Failed to leave group' : 'Failed to remove member')(error),
  });
}

/**
 * DELETE /api/user-groups/{id}: the owner deletes the group; its members lose it and any journey it
 * shared, so the journey reads refetch too.
 */
export function useDeleteGroup({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: Pick<UserGroup, 'id' | 'name'>) =>
      apiClient.request('DELETE', groupUrl(group.id), noContent),
    onSuccess: async (_answer, group) => {
      toast({ title: 'Group deleted successfully', description: `${group.name} no longer exists.` });
      onSuccess();
      await refetchLists(queryClient, { groups: true, journey: true });
    },
    onError: failureToast('Failed to delete group'),
  });
}

/** A group's change answered with the group as it now stands: it replaces the cached one. */
function keepGroup(queryClient: QueryClient, group: UserGroup) {
  queryClient.setQueryData(GROUPS_QUERY_KEY, (groups: readonly UserGroup[] | undefined) =>
    groups?.map((each) => (each.id === group.id ? group : each)),
  );
}

/**
 * POST /api/user-groups/{id}/invite-code: the owner or an admin replaces the code; the old one joins
 * nobody from now on, and everyone in the group stays.
 */
export function useNewInviteCode({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: Pick<UserGroup, 'id'>) =>
      apiClient.request('POST', groupInviteCodeUrl(group.id), userGroupSchema),
    onSuccess: (group) => {
      keepGroup(queryClient, group);
      toast({
        title: 'New invite code ready',
        description: `The old code for ${group.name} no longer works.`,
      });
      onSuccess();
    },
    onError: failureToast('Failed to make a new invite code'),
  });
}

/** PUT /api/user-groups/{id}/members/{userId}: the owner or an admin makes a member an admin, or back. */
export function useSetMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      groupId,
      userId,
      role,
    }: {
      groupId: string;
      userId: string;
      role: Exclude<GroupRole, 'owner'>;
    }) => apiClient.request('PUT', groupMemberUrl(groupId, userId), userGroupSchema, { body: { role } }),
    onSuccess: (group) => {
      keepGroup(queryClient, group);
      toast({ title: 'Member role updated successfully' });
    },
    onError: failureToast('Failed to update member'),
  });
}

/** The custom task made on this device and not on the server yet, if `id` is one. */
const keptCreation = (userId: string | undefined, id: string) =>
  userId === undefined
    ? undefined
    : pendingTaskCreations.snapshot().find((creation) => creation.key === pendingCreationKey(userId, id));

/**
 * POST, with the id the form gave the task (sent twice, it makes one task); without a network the
 * task is kept on this device and sent when the browser is back online.
 */
export function useCreatePersonalTask({
  onSuccess,
  url = CUSTOM_TASKS_URL,
}: {
  onSuccess: () => void;
  /** The list it goes on: the person's own (default), or a household's journey (`?clientId=`). */
  url?: string;
}) {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: (task: CustomTaskCreate & { id: string }) =>
      sendOrKeepCreation({
        store: pendingTaskCreations,
        userId,
        url,
        task,
        send: () => apiClient.request('POST', url, customTaskSchema, { body: task }),
      }),
    onSuccess: async (created) => {
      if (created === KEPT_ON_DEVICE) keptOnDeviceToast();
      else toast({ title: 'Task created successfully' });
      onSuccess();
      if (created !== KEPT_ON_DEVICE) await refetchLists(queryClient, { journey: true });
    },
    onError: failureToast('Failed to create task'),
  });
}

/**
 * PUT the form's fields; without a network the change is kept on this device. A task made on this
 * device and not sent yet changes where it waits.
 */
export function useEditPersonalTask({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CustomTaskCreate }) => {
      const creation = keptCreation(userId, id);
      if (creation) {
        await editKeptCreation(pendingTaskCreations, creation, body);
        return KEPT_ON_DEVICE;
      }
      return sendOrKeepOnDevice({
        store: pendingTaskChanges,
        userId,
        source: 'custom',
        taskId: id,
        url: customTaskUrl(id),
        patch: body,
        send: (sent) => apiClient.request('PUT', customTaskUrl(id), customTaskSchema, { body: sent }),
      });
    },
    onSuccess: async (updated) => {
      if (updated === KEPT_ON_DEVICE) keptOnDeviceToast();
      else toast({ title: 'Task updated successfully' });
      onSuccess();
      if (updated !== KEPT_ON_DEVICE) await refetchLists(queryClient, { journey: true });
    },
    onError: failureToast('Failed to update task'),
  });
}

/**
 * DELETE; without a network the deletion is kept on this device (the task hidden) and sent when the
 * browser is back online. A task made on this device and not sent yet just goes.
 */
export function useDeletePersonalTask({ onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  return useMutation({
    mutationFn: async (task: CustomTask) => {
      const remove = () => apiClient.request('DELETE', customTaskUrl(task.id), noContent);
      if (userId === undefined) return remove();
      const stores = { creations: pendingTaskCreations, changes: pendingTaskChanges, send: remove };
      const creation = keptCreation(userId, task.id);
      if (creation) return deleteKeptCreation({ ...stores, creation });
      return deleteCustomTask({ ...stores, userId, url: CUSTOM_TASKS_URL, task });
    },
    onSuccess: async (deleted) => {
      if (deleted === KEPT_ON_DEVICE) keptOnDeviceToast();
      else toast({ title: 'Task deleted successfully' });
      onSuccess();
      if (deleted !== KEPT_ON_DEVICE) await refetchLists(queryClient, { journey: true });
    },
    onError: failureToast('Failed to delete task'),
  });
}

/** What Copy Code and Copy Invite Link put on the clipboard, and what their toasts call it. */
export type CopiedInvite = { kind: 'code' | 'link'; text: string };

/**
 * Copy Code (spec seller §8) and Copy Invite Link: the code, or the link that joins with it, to the
 * clipboard, then `Copied!`; where the browser refuses, the text to copy by hand.
 */
export async function copyInvite({ kind, text }: CopiedInvite): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied!', description: `Invite ${kind} copied to clipboard` });
  } catch {
    toast({
      title: 'Could not copy',
      description: `Copy the ${kind} by hand: ${text}`,
      variant: 'destructive',
    });
  }
}
