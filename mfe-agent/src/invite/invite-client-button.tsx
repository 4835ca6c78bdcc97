import { useRef, useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '@listready/ui';
import { InvitationDialog } from '@listready/web-client';

/** The Clients card's Invite Client button, which opens the Invite Client dialog (agent spec §2). */
export function InviteClientButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={button} size="sm" onClick={() => setOpen(true)}>
        <UserPlus aria-hidden="true" className="size-4" />
        Invite Client
      </Button>
      <InvitationDialog type="agent-to-client" open={open} onOpenChange={setOpen} returnFocusRef={button} />
    </>
  );
}
