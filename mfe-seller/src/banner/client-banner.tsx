import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Mail, Phone, UserPlus } from 'lucide-react';
import { Button } from '@listready/ui';
import { useSession } from '@listready/web-client';
import { useClientProfile } from '../journey/hooks/use-journey-queries.ts';
import { LazyModalDialog } from '../journey/components/lazy-modal-dialog.tsx';

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
          <Button size="sm" onClick={() => setInviteOpen(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Invite My Agent
          </Button>
          {inviteOpen && (
            <LazyModalDialog
              open={inviteOpen}
              onOpenChange={setInviteOpen}
              title="Invite Your Agent"
              description="Inviting your agent from here is coming soon. Until then, share ListReady with your agent and ask them to add you as a client."
            >
              <div className="mt-4 flex justify-end">
                <Button onClick={() => setInviteOpen(false)}>Got it</Button>
              </div>
            </LazyModalDialog>
          )}
        </>
      )}
    </aside>
  );
  return slot ? createPortal(banner, slot) : banner;
}
