import { useState, type RefObject } from 'react';
import type { InvitationKind } from '@listready/contracts/invitation';
import { LazyInviteDialog, type InviteFieldErrors } from '@listready/ui';
import { invitationServerFieldErrors, parseInvitation } from './invitation-requests.ts';
import { useSendInvitation } from './use-invitations.ts';

const DIALOG_COPY: Record<InvitationKind, { title: string; description: string }> = {
  'client-to-agent': {
    title: 'Invite Your Agent',
    description:
      'Invite your real estate agent to follow your home preparation journey. They get an email, and a text when you add their phone number.',
  },
  'agent-to-client': {
    title: 'Invite Client',
    description:
      'Invite a home seller to start their home preparation journey with you. They get an email, and a text when you add their phone number.',
  },
};

/**
 * The invitation dialog both ways (agent spec §2 Invite Client, seller spec §2 Invite Your Agent):
 * the design system's form, checked with the server's schema, sent, the spec's toast shown, and
 * closed (so reset) on success. Nothing is fetched until it first opens.
 */
export function InvitationDialog({
  type,
  open,
  onOpenChange,
  returnFocusRef,
}: {
  type: InvitationKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, to get focus back on closing. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const [serverErrors, setServerErrors] = useState<InviteFieldErrors>();
  const send = useSendInvitation(type, {
    onSent: () => onOpenChange(false),
    onFailed: (error) => setServerErrors(invitationServerFieldErrors(error)),
  });
  if (!opened) return null;

  return (
    <LazyInviteDialog
      {...DIALOG_COPY[type]}
      open={open}
      onOpenChange={(next) => {
        if (!next) setServerErrors(undefined);
        onOpenChange(next);
      }}
      returnFocusRef={returnFocusRef}
      validate={(values) => {
        const parsed = parseInvitation(type, values);
        return parsed.success ? {} : parsed.errors;
      }}
      onSubmit={(values) => {
        const parsed = parseInvitation(type, values);
        if (!parsed.success) return;
        setServerErrors(undefined);
        send.mutate(parsed.body);
      }}
      sending={send.isPending}
      serverErrors={serverErrors}
    />
  );
}
