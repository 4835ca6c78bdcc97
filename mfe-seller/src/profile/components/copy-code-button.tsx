import { Copy, Link } from 'lucide-react';
import type { UserGroup } from '@listready/contracts/journey';
import { Button } from '@listready/ui';
import { groupInviteLink } from '@listready/web-client';
import { copyInvite } from '../hooks/use-profile-requests.ts';

type Shared = Pick<UserGroup, 'name' | 'inviteCode'>;

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

/**
 * Copy Invite Link: the code as a link to send (`/auth?join=<code>`), which takes the person through
 * creating an account or signing in to Join a Group with the code filled in.
 */
export function CopyInviteLinkButton({ group }: { group: Shared }) {
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Copy Invite Link for ${group.name}`}
      onClick={() =>
        void copyInvite({ kind: 'link', text: groupInviteLink(window.location.origin, group.inviteCode) })
      }
    >
      <Link aria-hidden="true" className="size-4" />
      Copy Invite Link
    </Button>
  );
}
