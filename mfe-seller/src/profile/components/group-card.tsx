import { useEffect, useRef } from 'react';
import { ListChecks, LogOut, Pencil, RefreshCw, Trash2, UserMinus, Users } from 'lucide-react';
import type { GroupMember, UserGroup } from '@listready/contracts/journey';
import { Button } from '@listready/ui';
import { AppLink } from '@listready/web-client';
import { writeHouseholdChoice } from '../../journey/utils/household-choice.ts';
import { useSetMemberRole } from '../hooks/use-profile-requests.ts';
import { Badge } from './badge.tsx';
import { CopyCodeButton, CopyInviteLinkButton } from './copy-code-button.tsx';

const canEdit = (group: UserGroup) => group.role === 'owner' || group.role === 'admin';

/**
 * One of My Groups: name, description, the caller's role, the members with theirs, the invite code.
 * Owners and admins edit the group, replace its invite code and change its other members (make admin
 * or member, remove); anyone but the owner may leave; the owner may delete it (decisions.md, Groups).
 * A member of a seller's group opens the journey it shares from here. The group just joined is
 * brought into view with its Open Journey focused (its name where it shares none): the next step,
 * under the hand of whoever pressed Join further down the page.
 */
export function GroupCard({
  group,
  userId,
  onEdit,
  onRemove,
  onLeave,
  onDelete,
  onNewCode,
  justJoined = false,
  onShown,
}: {
  group: UserGroup;
  userId: string | undefined;
  justJoined?: boolean;
  /** Called once the just-joined card has been shown. */
  onShown?: () => void;
  onEdit: () => void;
  onRemove: (member: GroupMember) => void;
  onLeave: () => void;
  onDelete: () => void;
  onNewCode: () => void;
}) {
  const setRole = useSetMemberRole();
  const roleChange = (member: GroupMember) => (member.role === 'admin' ? 'Make Member' : 'Make Admin');
  const manages = (member: GroupMember) =>
    canEdit(group) && member.role !== 'owner' && member.userId !== userId;
  const card = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!justJoined) return;
    const target =
      card.current?.querySelector<HTMLElement>('[data-open-journey]') ?? card.current?.querySelector('h3');
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus({ preventScroll: true });
    onShown?.();
  }, [justJoined, onShown]);

  return (
    <li
      ref={card}
      className="rounded-lg border border-surface-border p-4"
      data-testid="group-card"
      data-group-name={group.name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 tabIndex={-1} className="font-semibold wrap-anywhere focus:outline-none">
            {group.name}
          </h3>
          {group.description && (
            <p className="mt-1 text-sm wrap-anywhere text-ink-muted">{group.description}</p>
          )}
        </div>
        <Badge variant="outline" className="capitalize">
          {group.role}
        </Badge>
      </div>
      <p className="mt-2 flex items-center gap-1 text-sm text-ink-muted">
        <Users aria-hidden="true" className="size-4" />
        {group.memberCount} of {group.maxMembers} members
      </p>
      {group.members.length > 0 && (
        <ul
          aria-label={`Members of ${group.name}`}
          className="mt-2 divide-y divide-surface-border rounded-md border border-surface-border"
        >
          {group.members.map((member) => (
            <li
              key={member.userId}
              className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-2"
            >
              {/* The name and role keep a line; the actions go under them when the row is narrow. */}
              <span className="flex min-w-0 flex-[1_1_12rem] items-center justify-between gap-2">
                <span className="min-w-0 text-sm wrap-anywhere">
                  {member.name}
                  {member.userId === userId && <span className="text-ink-muted"> (you)</span>}
                </span>
                <Badge variant="outline" className="shrink-0 capitalize">
                  {member.role}
                </Badge>
              </span>
              {manages(member) && (
                <span className="flex flex-wrap items-center gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={setRole.isPending}
                    // The visible words first: a name that contains them (WCAG 2.5.3).
                    aria-label={`${roleChange(member)}: ${member.name}`}
                    onClick={() =>
                      setRole.mutate({
                        groupId: group.id,
                        userId: member.userId,
                        role: member.role === 'admin' ? 'member' : 'admin',
                      })
                    }
                  >
                    {roleChange(member)}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${member.name} from ${group.name}`}
                    onClick={() => onRemove(member)}
                  >
                    <UserMinus aria-hidden="true" className="size-4" />
                    Remove
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {group.role !== 'owner' && group.householdClientId && (
        <Button asChild size="sm" className="mt-3">
          {/* The journey the group shares, chosen on the journey's Working on as it opens. */}
          <AppLink
            href="/journey"
            data-open-journey
            aria-label={`Open Journey: ${group.name}`}
            onClick={() => group.householdClientId && writeHouseholdChoice(group.householdClientId)}
          >
            <ListChecks aria-hidden="true" className="size-4" />
            Open Journey
          </AppLink>
        </Button>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="text-sm">
          Invite code:{' '}
          <code className="rounded bg-page px-2 py-1 font-mono tracking-widest" data-testid="invite-code">
            {group.inviteCode}
          </code>
        </span>
        <CopyCodeButton group={group} />
        <CopyInviteLinkButton group={group} />
        {canEdit(group) && (
          <>
            <Button size="sm" variant="ghost" aria-label={`New Code: ${group.name}`} onClick={onNewCode}>
              <RefreshCw aria-hidden="true" className="size-4" />
              New Code
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Edit ${group.name}`} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
          </>
        )}
        {group.role === 'owner' && (
          <Button size="sm" variant="ghost" aria-label={`Delete Group: ${group.name}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete Group
          </Button>
        )}
        {group.role !== 'owner' && (
          <Button size="sm" variant="ghost" aria-label={`Leave Group: ${group.name}`} onClick={onLeave}>
            <LogOut aria-hidden="true" className="size-4" />
            Leave Group
          </Button>
        )}
      </div>
    </li>
  );
}
