import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { UserGroup } from '@listready/contracts/journey';
import { Button, Card } from '@listready/ui';
import { useSignedInUserId } from '../../journey/hooks/use-offline-task-changes.ts';
import {
  useDeleteGroup,
  useNewInviteCode,
  useRemoveMember,
  type MemberRemoval,
} from '../hooks/use-profile-requests.ts';
import { GroupCard } from './group-card.tsx';
import { GroupFormDialog } from './group-form-dialog.tsx';
import { JoinGroupCard } from './join-group-card.tsx';
import { LazyConfirmDialog } from './lazy-confirm-dialog.tsx';

/**
 * My Groups: the count, Create Group, each group (its code with Copy Code, its members; Edit, New
 * Code and member changes for owners and admins, Delete Group for the owner, Leave Group for the
 * rest), Join a Group.
 */
export function GroupsTab({
  groups,
  failed,
  joinCode = null,
}: {
  groups: readonly UserGroup[];
  failed: boolean;
  /** The code of the invite link the person came by, for Join a Group. */
  joinCode?: string | null;
}) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserGroup | null>(null);
  const [removing, setRemoving] = useState<MemberRemoval | null>(null);
  const userId = useSignedInUserId();
  const remove = useRemoveMember({ onSuccess: () => setRemoving(null) });
  const [deleting, setDeleting] = useState<UserGroup | null>(null);
  const deleteGroup = useDeleteGroup({ onSuccess: () => setDeleting(null) });
  const [renewing, setRenewing] = useState<UserGroup | null>(null);
  const newCode = useNewInviteCode({ onSuccess: () => setRenewing(null) });
  // The group just joined: its card is brought into view, its way in focused, once it is listed.
  const [joinedId, setJoinedId] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <Card className="p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold" data-testid="groups-heading">
            My Groups ({groups.length})
          </h2>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Create Group
          </Button>
        </div>
        {failed ? (
          <p role="alert" className="mt-4 text-sm">
            We could not load your groups.
          </p>
        ) : groups.length === 0 ? (
          <p className="mt-4 text-sm text-ink-muted">No groups yet.</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {groups.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                userId={userId}
                justJoined={group.id === joinedId}
                onShown={() => setJoinedId(null)}
                onEdit={() => setEditing(group)}
                onRemove={(member) =>
                  setRemoving({
                    groupId: group.id,
                    groupName: group.name,
                    userId: member.userId,
                    name: member.name,
                    self: false,
                  })
                }
                onDelete={() => setDeleting(group)}
                onNewCode={() => setRenewing(group)}
                onLeave={() => {
                  if (userId)
                    setRemoving({ groupId: group.id, groupName: group.name, userId, name: '', self: true });
                }}
              />
            ))}
          </ul>
        )}
      </Card>
      <JoinGroupCard key={joinCode} fromLink={joinCode} onJoined={(group) => setJoinedId(group.id)} />
      {creating && <GroupFormDialog open={creating} onOpenChange={setCreating} />}
      {deleting && (
        <LazyConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title={`Delete ${deleting.name}?`}
          description={
            deleting.memberCount > 1
              ? `Its other ${deleting.memberCount - 1 === 1 ? 'member loses' : `${deleting.memberCount - 1} members lose`} it and any journey it shares, and its invite code stops working. This action cannot be undone.`
              : 'Its invite code stops working. This action cannot be undone.'
          }
          confirmLabel="Delete Group"
          pending={deleteGroup.isPending}
          onConfirm={() => deleteGroup.mutate(deleting)}
        />
      )}
      {renewing && (
        <LazyConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setRenewing(null);
          }}
          title={`New invite code for ${renewing.name}?`}
          description={`${renewing.inviteCode} stops working: anyone who has it but has not joined will need the new code. Everyone in the group stays.`}
          confirmLabel="New Code"
          pending={newCode.isPending}
          onConfirm={() => newCode.mutate(renewing)}
        />
      )}
      {removing && (
        <LazyConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          {...(removing.self
            ? {
                title: `Leave ${removing.groupName}?`,
                description:
                  'You will no longer be a member or see any journey the group shares. To rejoin later you will need its invite code.',
                confirmLabel: 'Leave Group',
              }
            : {
                title: `Remove ${removing.name}?`,
                description: `${removing.name} will no longer be a member of ${removing.groupName} or see any journey it shares. They can rejoin with the group’s invite code unless you give it a New Code.`,
                confirmLabel: 'Remove',
              })}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
        />
      )}
      {editing && (
        <GroupFormDialog
          key={editing.id}
          group={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
    </div>
  );
}
