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
  type SessionUser,
} from '@listready/web-client';

/** Spec §9: the dashboard follows a success after 3 s (the spec's /agent is no route: /dashboard is). */
export const ACCEPTED_REDIRECT_DELAY_MS = 3000;

/**
 * What a success says and where it leads, by who accepted. The page is the agent's (a seller's
 * invitation to an agent, spec §2), but the server also lets a home seller accept here an agent's
 * invitation addressed to them (its e-mail link is /auth?invitation=, which accepts too): they are
 * linked to their agent and belong on their journey, not on an agent's dashboard that is no page
 * for them.
 */
const ACCEPTED = {
  agent: {
    linked: 'You are now linked to your client. Taking you to your dashboard…',
    // Its Clients tab, where the client just linked is listed.
    home: '/dashboard?tab=clients',
    goHome: 'Go to Dashboard',
    toast: INVITATION_ACCEPTED_TOAST,
  },
  client: {
    linked: 'You are now linked to your agent. Taking you to your journey…',
    home: '/journey',
    goHome: 'Go to My Journey',
    toast: {
      title: 'Invitation Accepted!',
      description: 'You are now linked to your agent. They can follow your journey from their dashboard.',
    },
  },
} as const;

/**
 * Signed in: the invitation is accepted at once, and again on Try Again. A success is toasted and
 * followed to the account's home after 3 s (or at once with the button).
 */
function AcceptAsSignedIn({ invitationId, user }: { invitationId: string; user: SessionUser }) {
  const { linked, home, goHome, toast: acceptedToast } = ACCEPTED[user.role === 'agent' ? 'agent' : 'client'];
  const userId = user.id;
  const acceptance = useAcceptInvitation({
    onAccepted: () => toast(acceptedToast),
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
    const timer = window.setTimeout(() => navigate(home), ACCEPTED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, home]);

  if (acceptance.isSuccess)
    return (
      <AcceptanceFrame title="Invitation Accepted!">
        <CircleCheck aria-hidden="true" className="size-10 text-emerald-400" />
        <p role="status">{linked}</p>
        <Button onClick={() => navigate(home)}>{goHome}</Button>
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
 * below); a signed-in account accepts automatically (a seller opening a seller's invitation gets the
 * server's refusal, shown like any other failure; an agent's invitation to them is accepted, see
 * ACCEPTED); no id is an error.
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
  return <AcceptAsSignedIn invitationId={invitationId} user={session.user} />;
}
