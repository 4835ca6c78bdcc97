import { Copy } from 'lucide-react';
import type { UserGroup } from '@listready/contracts/journey';
import { Button } from '@listready/ui';
import { copyInviteCode } from '../hooks/use-profile-requests.ts';

/** Copy Code (spec seller §8), named for its group: on the overview and on My Groups. */
export function CopyCodeButton({ group }: { group: Pick<UserGroup, 'name' | 'inviteCode'> }) {
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Copy Code for ${group.name}`}
      onClick={() => void copyInviteCode(group.inviteCode)}
    >
      <Copy aria-hidden="true" className="size-4" />
      Copy Code
    </Button>
  );
}
