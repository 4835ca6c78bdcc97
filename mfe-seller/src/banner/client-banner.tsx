import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Mail, Phone, UserPlus } from 'lucide-react';
import { Button } from '@listready/ui';
import { InvitationDialog, useSession } from '@listready/web-client';
import { useClientProfile } from '../journey/hooks/use-journey-queries.ts';

/** The shell's slot for this banner (shell/src/frame/page-frame.tsx). */
const CLIENT_BANNER_SLOT_ID = 'client-banner-slot';

/**
 * The client bottom banner (spec seller §2): the linked agent's contact, or an invitation to bring
 * one. Only clients see it (and only they may read the client profile).
 */
export function ClientBanner() {
  const session = useSession();
  const isClient = session.status === 'signed-in' && session.user.role === 'client';
  const profile = useClientProfile(isClient);
  const [inviteOpen, setInviteOpen] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);
  if (!isClient || !profile.data) return null;
  const { agent } = profile.data;
  // The shell's fixed slot above the bottom navigation (see the shell's page frame); inline when the
  // remote runs on its own.
  const slot = document.getElementById(CLIENT_BANNER_SLOT_ID);

  const banner = (
    <aside
      aria-label="Your agent"
      className="mx-auto mb-6 flex max-w-4xl flex-wrap items-center justify-between gap-3 rounded-xl border border-brand/50 bg-surface px-4 py-3"
    >
      {agent ? (
        <>
          <p className="font-medium">Need help?</p>
          <div className="flex flex-wrap gap-2">
            {agent.phone ? (
              <Button asChild size="sm">
                <a href={`tel:${agent.phone}`}>
                  <Phone aria-hidden="true" className="size-4" />
                  Call {agent.name}
                </a>
              </Button>
            ) : (
              <span className="text-sm text-ink-muted">{agent.name}</span>
            )}
            {agent.email && (
              <Button asChild size="sm" variant="outline">
                <a href={`mailto:${agent.email}`}>
                  <Mail aria-hidden="true" className="size-4" />
                  Email Agent
                </a>
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <p className="font-medium">Ready to get started?</p>
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
      )}
    </aside>
  );
  return slot ? createPortal(banner, slot) : banner;
}
