import { useState } from 'react';
import { Copy, Pencil, Plus, Users } from 'lucide-react';
import type { UserGroup } from '@listready/contracts/journey';
import { Button, Card } from '@listready/ui';
import { copyInviteCode } from '../hooks/use-profile-requests.ts';
import { Badge } from './badge.tsx';
import { GroupFormDialog } from './group-form-dialog.tsx';
import { JoinGroupCard } from './join-group-card.tsx';

const canEdit = (group: UserGroup) => group.role === 'owner' || group.role === 'admin';

/** My Groups: the count, Create Group, each group's code with Copy Code and Edit, Join a Group. */
export function GroupsTab({ groups, failed }: { groups: readonly UserGroup[]; failed: boolean }) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserGroup | null>(null);

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
              <li
                key={group.id}
                className="rounded-lg border border-surface-border p-4"
                data-testid="group-card"
                data-group-name={group.name}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{group.name}</h3>
                    {group.description && (
                      <p className="mt-1 text-sm break-words text-ink-muted">{group.description}</p>
                    )}
                  </div>
                  <Badge variant="outline" className="capitalize">
                    {group.role}
                  </Badge>
                </div>
                <p className="mt-2 flex items-center gap-1 text-sm text-ink-muted">
                  <Users aria-hidden="true" className="size-4" />
                  {group.memberCount} of {group.maxMembers} members
                  {group.members.length > 0 && `: ${group.members.map((member) => member.name).join(', ')}`}
                </p>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <span className="text-sm">
                    Invite code:{' '}
                    <code
                      className="rounded bg-page px-2 py-1 font-mono tracking-widest"
                      data-testid="invite-code"
                    >
                      {group.inviteCode}
                    </code>
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Copy Code for ${group.name}`}
                    onClick={() => void copyInviteCode(group.inviteCode)}
                  >
                    <Copy aria-hidden="true" className="size-4" />
                    Copy Code
                  </Button>
                  {canEdit(group) && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${group.name}`}
                      onClick={() => setEditing(group)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <JoinGroupCard />
      {creating && <GroupFormDialog open={creating} onOpenChange={setCreating} />}
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
