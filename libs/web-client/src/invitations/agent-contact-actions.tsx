import { useRef, useState } from 'react';
import { Mail, Phone, UserPlus } from 'lucide-react';
import { Button } from '@listready/ui';
import type { ClientProfile } from '@listready/contracts/journey';
import { InvitationDialog } from './invitation-dialog.tsx';

/** The seller's linked agent as the client profile gives it, or null. */
export type LinkedAgent = ClientProfile['agent'];

/**
 * What a seller can do about their agent (spec seller §2, the bottom banner): call a linked agent
 * with a phone and e-mail one with an address; without an agent, Invite My Agent and its dialog.
 * The seller's banner, the profile's My Agent card and the agent's client demo all show it.
 */
export function AgentContactActions({
  agent,
  nameWithoutPhone = false,
}: {
  agent: LinkedAgent;
  /** Shows the agent's name where Call would be when they have no phone (the banner names them nowhere else). */
  nameWithoutPhone?: boolean;
}) {
  const [inviteOpen, setInviteOpen] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);
  if (!agent) {
    return (
      <>
        <Button ref={inviteButton} size="sm" onClick={() => setInviteOpen(true)}>
          <UserPlus aria-hidden="true" className="size-4" />
          Invite My Agent
        </Button>
        <InvitationDialog
          type="client-to-agent"
          open={inviteOpen}
          onOpenChange={setInviteOpen}
          returnFocusRef={inviteButton}
        />
      </>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {agent.phone ? (
        <Button asChild size="sm">
          <a href={`tel:${agent.phone}`}>
            <Phone aria-hidden="true" className="size-4" />
            Call {agent.name}
          </a>
        </Button>
      ) : nameWithoutPhone ? (
        <span className="text-sm text-ink-muted">{agent.name}</span>
      ) : null}
      {agent.email && (
        <Button asChild size="sm" variant="outline">
          <a href={`mailto:${agent.email}`}>
            <Mail aria-hidden="true" className="size-4" />
            Email Agent
          </a>
        </Button>
      )}
    </div>
  );
}
