import { UserPlus } from 'lucide-react';
import { Button } from '@listready/ui';

/** The Clients card's Invite Client button, which opens the Invite Client dialog (agent spec §2). */
export function InviteClientButton() {
  return (
    <Button size="sm" disabled>
      <UserPlus aria-hidden="true" className="size-4" />
      Invite Client
    </Button>
  );
}
