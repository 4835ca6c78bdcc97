import { useEffect, useRef } from 'react';
import { CircleCheck } from 'lucide-react';
import { Button, LoadingSpinner, toast } from '@listready/ui';
import {
  AcceptanceFailure,
  AcceptanceFrame,
  acceptanceFailureMessage,
  AcceptInvitationAsVisitor,
  INVITATION_ACCEPTED_TOAST,
  invitationAcceptanceFailureToast,
  invitationIdIn,
  navigate,
  NoInvitationId,
  useAcceptInvitation,
  useLocationSearch,
  useSession,
} from '@listready/web-client';

/** Spec §9: the dashboard follows a success after 3 s (the spec's /agent is no route: /dashboard is). */
export const ACCEPTED_REDIRECT_DELAY_MS = 3000;
const AGENT_HOME = '/dashboard';

/**
 * Signed in: the invitation is accepted at once, and again on Try Again. A success is toasted and
 * followed to the dashboard after 3 s (or at once with the button).
 */
function AcceptAsSignedIn({ invitationId, userId }: { invitationId: string; userId: string }) {
  const acceptance = useAcceptInvitation({
    onAccepted: () => toast(INVITATION_ACCEPTED_TOAST),
    onFailed: (error) => toast(invitationAcceptanceFailureToast(error)),
  });
  const asked = useRef<string | null>(null);
  const { mutate } = acceptance;

  useEffect(() => {
    // Once per invitation and user, however often this renders.
    const key = `${userId}\n${invitationId}`;
    if (asked.current === key) return;
    asked.current = key;
    mutate(invitationId);
  }, [invitationId, userId, mutate]);

  const succeeded = acceptance.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate(AGENT_HOME), ACCEPTED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded]);

  if (acceptance.isSuccess)
    return (
      <AcceptanceFrame title="Invitation Accepted!">
        <CircleCheck aria-hidden="true" className="size-10 text-emerald-400" />
        <p role="status">You are now linked to your client. Taking you to your dashboard…</p>
        <Button onClick={() => navigate(AGENT_HOME)}>Go to Dashboard</Button>
      </AcceptanceFrame>
    );
  if (acceptance.isError)
    return (
      <AcceptanceFrame title="Accept Invitation">
        <AcceptanceFailure message={acceptanceFailureMessage(acceptance.error)}>
          <Button onClick={() => mutate(invitationId)}>Try Again</Button>
          <Button variant="outline" onClick={() => navigate('/')}>
            Go to Home
          </Button>
        </AcceptanceFailure>
      </AcceptanceFrame>
    );
  return (
    <AcceptanceFrame title="Accept Invitation">
      <LoadingSpinner label="Accepting the invitation" />
      <p className="text-ink-muted">Accepting the invitation…</p>
    </AcceptanceFrame>
  );
}

/**
 * /accept-invitation?id= (agent spec §2): an agent accepts a seller's client-to-agent invitation.
 * The shell routes a signed-in account here (a visitor gets its prerendered page, the same view as
 * below); a signed-in account accepts automatically (a seller gets the server's refusal, shown like
 * any other failure); no id is an error.
 */
export function AcceptInvitationScreen() {
  const session = useSession();
  const invitationId = invitationIdIn(useLocationSearch());

  if (!invitationId) return <NoInvitationId />;
  if (session.status === 'loading')
    return (
      <AcceptanceFrame title="Accept Invitation">
        <LoadingSpinner label="Checking your session" />
      </AcceptanceFrame>
    );
  if (session.status === 'signed-out') return <AcceptInvitationAsVisitor />;
  return <AcceptAsSignedIn invitationId={invitationId} userId={session.user.id} />;
}
