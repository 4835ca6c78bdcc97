import { Copy, Link, Share2 } from 'lucide-react';
import type { UserGroup } from '@listready/contracts/journey';
import { Button } from '@listready/ui';
import { groupInviteLink } from '@listready/web-client';
import { copyInvite } from '../hooks/use-profile-requests.ts';

type Shared = Pick<UserGroup, 'name' | 'inviteCode'>;
type Linked = Shared & Pick<UserGroup, 'householdClientId'>;

/** Copy Code (spec seller §8), named for its group: on the overview and on My Groups. */
export function CopyCodeButton({ group }: { group: Shared }) {
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Copy Code for ${group.name}`}
      onClick={() => void copyInvite({ kind: 'code', text: group.inviteCode })}
    >
      <Copy aria-hidden="true" className="size-4" />
      Copy Code
    </Button>
  );
}

/** Whether this browser offers its own share sheet (phones: messages, mail, chat apps). */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The group's invite link (`/auth?join=<code>`, with `role=agent` for an agent's group), which
 * takes the person through creating an account or signing in to Join a Group with the code filled in. Where the browser has a share sheet (a
 * phone) it is Share Invite Link, straight into a message; elsewhere, or if sharing fails, Copy
 * Invite Link. Closing the share sheet is not a failure.
 */
export function CopyInviteLinkButton({ group }: { group: Linked }) {
  const share = canShare();
  const verb = share ? 'Share' : 'Copy';
  const send = async () => {
    // A group that shares no seller's journey is an agent's: its link signs up an agent.
    const url = groupInviteLink(window.location.origin, group.inviteCode, {
      forAgents: group.householdClientId === null,
    });
    if (share) {
      try {
        await navigator.share({ title: `Join ${group.name}`, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyInvite({ kind: 'link', text: url });
  };
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`${verb} Invite Link for ${group.name}`}
      onClick={() => void send()}
    >
      {share ? (
        <Share2 aria-hidden="true" className="size-4" />
      ) : (
        <Link aria-hidden="true" className="size-4" />
      )}
      {verb} Invite Link
    </Button>
  );
}
