import type { SentInvitation } from '@listready/contracts/invitation';
import { Button } from '@listready/ui';
import { useResendInvitation } from './use-invitations.ts';

/**
 * Send again: the sender's waiting invitation sent once more (the same link, good for 30 days from
 * now), with the toasts of its kind. Named with whom, the visible words first (WCAG 2.5.3), for a
 * list of several; held while the request runs.
 */
export function SendInvitationAgain({
  invitation,
  className,
}: {
  invitation: SentInvitation;
  className?: string;
}) {
  const resend = useResendInvitation(invitation.type);
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label={`Send again to ${invitation.name}`}
      disabled={resend.isPending}
      onClick={() => resend.mutate({ id: invitation.id, email: invitation.email })}
    >
      Send again
    </Button>
  );
}
