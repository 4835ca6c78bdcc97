import { useState } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { Button, toast } from '@listready/ui';
import { AgentContactActions, useSentInvitations, useSession } from '@listready/web-client';
import { useClientProfile } from '../journey/hooks/use-journey-queries.ts';
import { agentBannerContent, keepBannerHidden, readHiddenBanner } from './hidden-banner.ts';

/** The shell's slot for this banner (shell/src/frame/page-frame.tsx). */
const CLIENT_BANNER_SLOT_ID = 'client-banner-slot';

/**
 * The client bottom banner (spec seller §2): the linked agent's contact, or an invitation to bring
 * one — which, once the seller has invited an agent, names whom they are waiting for (the profile's
 * My Agent card says more and sends again). Only clients see it (and only they may read the client
 * profile). It can be hidden until an agent is linked (hidden-banner.ts); the profile's My Agent card
 * has the same actions.
 */
export function ClientBanner() {
  const session = useSession();
  const userId = session.status === 'signed-in' && session.user.role === 'client' ? session.user.id : null;
  const profile = useClientProfile(userId !== null);
  // Asked only while no agent follows the seller: whether one was invited and has not answered.
  const invitations = useSentInvitations({ enabled: profile.data?.agent === null });
  const [hiddenNow, setHiddenNow] = useState<string | null>(null);
  if (userId === null || !profile.data) return null;
  const { agent } = profile.data;
  // Drawn once known, so its words do not change under the reader (a failed read: as if none).
  if (!agent && invitations.isPending) return null;
  const waiting = agent
    ? undefined
    : invitations.data?.find((sent) => sent.type === 'client-to-agent' && sent.status === 'pending');
  const content = agentBannerContent(agent);
  if (hiddenNow === content || readHiddenBanner(userId) === content) return null;
  const hide = () => {
    keepBannerHidden(userId, content);
    setHiddenNow(content);
    toast({ title: 'Banner hidden', description: 'Your agent is on your profile page.' });
  };
  // The shell's fixed slot above the bottom navigation (see the shell's page frame); inline when the
  // remote runs on its own.
  const slot = document.getElementById(CLIENT_BANNER_SLOT_ID);

  // A phone: the words and Hide on the first row, the actions under them; wider, one row.
  const banner = (
    <aside
      aria-label="Your agent"
      className="mx-auto mb-6 grid max-w-4xl grid-cols-[1fr_auto] items-center gap-2 rounded-xl border border-brand/50 bg-surface py-3 pr-2 pl-4 sm:grid-cols-[1fr_auto_auto] sm:gap-3"
    >
      <p className="col-start-1 row-start-1 min-w-0 font-medium wrap-anywhere">
        {agent ? 'Need help?' : waiting ? `Invitation sent to ${waiting.name}` : 'Ready to get started?'}
      </p>
      <div className="col-span-2 row-start-2 sm:col-span-1 sm:col-start-2 sm:row-start-1">
        <AgentContactActions agent={agent} nameWithoutPhone />
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="col-start-2 row-start-1 size-9 px-0 sm:col-start-3"
        aria-label="Hide this banner"
        onClick={hide}
      >
        <X aria-hidden="true" className="size-4" />
      </Button>
    </aside>
  );
  return slot ? createPortal(banner, slot) : banner;
}
