import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Mail, MapPin, Phone, User } from 'lucide-react';
import type { UserGroup } from '@listready/contracts/journey';
import type { PublicUser } from '@listready/contracts/auth';
import { Button, Card } from '@listready/ui';
import type { SentInvitation } from '@listready/contracts/invitation';
import {
  AgentContactActions,
  invitationDay,
  SendInvitationAgain,
  type LinkedAgent,
  type ProfileTab,
} from '@listready/web-client';
import { overviewGroups } from '../utils/overview-groups.ts';
import { ownClientProfileQuery } from '../utils/profile-reads.ts';
import { CalendarRemindersCard } from './calendar-reminders-card.tsx';
import { CopyCodeButton } from './copy-code-button.tsx';

/**
 * Overview: photo or placeholder, contact details, property address, a seller's agent, the first 3
 * groups, calendar and reminders.
 */
export function OverviewTab({
  user,
  groups,
  groupsFailed = false,
  sentInvitations,
  onSelectTab,
}: {
  user: PublicUser;
  /**
   * What the seller invited (`GET /api/invitations`), read before the overview is drawn
   * (ProfileScreen) so My Agent comes whole with the rest; undefined when it could not be read.
   */
  sentInvitations?: readonly SentInvitation[] | undefined;
  groups: readonly UserGroup[];
  /** The groups could not be read (offline with no copy kept): said, not shown as none. */
  groupsFailed?: boolean;
  onSelectTab: (tab: ProfileTab) => void;
}) {
  // The seller's own client profile (phone, property); agents have none.
  const clientProfile = useQuery({
    ...ownClientProfileQuery,
    enabled: user.role === 'client',
  });
  const name = `${user.firstName} ${user.lastName}`.trim();
  const phone = user.phone ?? clientProfile.data?.client.phone ?? null;
  const address = clientProfile.data?.property?.address ?? null;
  const { shown, moreLine } = overviewGroups(groups);

  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        {user.profileImageUrl ? (
          <img
            src={user.profileImageUrl}
            alt={`Photo of ${name}`}
            className="size-20 shrink-0 rounded-full object-cover"
          />
        ) : (
          <div
            role="img"
            aria-label="No photo"
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-brand/20 text-brand-soft"
          >
            <User aria-hidden="true" className="size-10" />
          </div>
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="text-xl font-semibold break-words">{name}</h2>
          <p className="flex items-center gap-2 text-sm break-all text-ink-muted">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {user.email}
          </p>
          {phone && (
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              {phone}
            </p>
          )}
          {address && (
            <p className="flex items-center gap-2 text-sm text-ink-muted" data-testid="property-address">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {address}
            </p>
          )}
        </div>
        <Button variant="outline" onClick={() => onSelectTab('profile')}>
          Edit Profile
        </Button>
      </Card>

      {clientProfile.data && (
        <MyAgentCard
          agent={clientProfile.data.agent}
          invitation={sentInvitations?.find((invitation) => invitation.type === 'client-to-agent')}
        />
      )}

      <Card className="p-6">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">My Groups</h2>
          <Button variant="ghost" size="sm" onClick={() => onSelectTab('groups')}>
            Manage
          </Button>
        </div>
        {groupsFailed ? (
          <p className="mt-3 text-sm text-ink-muted">We could not load your groups.</p>
        ) : shown.length === 0 ? (
          <p className="mt-3 text-sm text-ink-muted">You haven&apos;t joined any groups yet.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {shown.map((group) => (
              <li
                key={group.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-surface-border p-3"
              >
                <span className="min-w-0">
                  <span className="block font-medium break-words">{group.name}</span>
                  <span className="block text-xs text-ink-muted">
                    {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
                  </span>
                </span>
                <CopyCodeButton group={group} />
              </li>
            ))}
          </ul>
        )}
        {moreLine && <p className="mt-3 text-sm text-ink-muted">{moreLine}</p>}
      </Card>

      <CalendarRemindersCard user={user} />
    </div>
  );
}

/**
 * The seller's invitation to their agent while nobody accepted it (ours, decisions.md): whom, when,
 * and Send again while it waits (as trying again in Invite My Agent does, which the spec's
 * "Invitation Already Sent" suggests); once expired, that Invite My Agent makes a new one.
 */
function InvitationToAgent({ invitation }: { invitation: SentInvitation }) {
  const whom = `${invitation.name} (${invitation.email})`;
  if (invitation.status === 'expired')
    return (
      <p className="mt-2 text-sm break-words text-ink-muted">
        Your invitation to {whom} expired on {invitationDay(invitation.expiresAt)}. Invite them again below.
      </p>
    );
  return (
    <div className="mt-2 space-y-2">
      <p className="text-sm break-words text-ink-muted">
        You invited {whom} on {invitationDay(invitation.sentAt)}. They will follow your journey once they
        accept.
      </p>
      <SendInvitationAgain invitation={invitation} />
    </div>
  );
}

/**
 * A seller's agent: who they are and how to reach them, or Invite My Agent. The bottom banner offers
 * the same, and can be hidden; this card is where a seller finds their agent at any time.
 */
function MyAgentCard({
  agent,
  invitation,
}: {
  agent: LinkedAgent;
  /** The seller's newest invitation to an agent, if any. */
  invitation: SentInvitation | undefined;
}) {
  const headingId = useId();
  const waiting = invitation && invitation.status !== 'accepted' ? invitation : undefined;
  return (
    <Card role="region" aria-labelledby={headingId} className="p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        My Agent
      </h2>
      {agent ? (
        <div className="mt-3 space-y-1">
          <p className="font-medium break-words">{agent.name}</p>
          {agent.email && (
            <p className="flex items-center gap-2 text-sm break-all text-ink-muted">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {agent.email}
            </p>
          )}
          {agent.phone && (
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              {agent.phone}
            </p>
          )}
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm text-ink-muted">
            No agent follows your journey yet.
            {waiting ? '' : ' Invite yours to see your progress as you get ready.'}
          </p>
          {waiting && <InvitationToAgent invitation={waiting} />}
        </>
      )}
      <div className="mt-4">
        <AgentContactActions agent={agent} />
      </div>
    </Card>
  );
}
