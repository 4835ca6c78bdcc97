import { useEffect, useRef, type ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button, Card, LoadingSpinner, toast } from '@listready/ui';
import {
  acceptanceFailureMessage,
  INVITATION_ACCEPTED_TOAST,
  invitationAcceptanceFailureToast,
  navigate,
  rememberPendingInvitation,
  useAcceptInvitation,
  useLocationSearch,
  useSession,
} from '@listready/web-client';

/** Spec §9: the dashboard follows a success after 3 s (the spec's /agent is no route: /dashboard is). */
export const ACCEPTED_REDIRECT_DELAY_MS = 3000;
const AGENT_HOME = '/dashboard';
/** Signed out, the agent signs in or creates an account there; /auth then resumes the invitation. */
export const SIGN_IN_TO_ACCEPT_PATH = '/auth?role=agent';
export const NO_INVITATION_ID = 'No invitation ID found in URL';
/** Under the spec's words, what the visitor can do about a link that lost its id. */
export const NO_INVITATION_ID_HINT =
  'Open the link in your invitation e-mail or text message again. If it still does not work, ask your client to send a new invitation.';

function AcceptanceFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {/* One height for every state, so the card does not jump as the acceptance goes through. */}
      <Card className="mt-8 flex min-h-64 flex-col items-center justify-center gap-4 p-6 text-center">
        {children}
      </Card>
    </section>
  );
}

function Failure({ message, hint, children }: { message: string; hint?: string; children: ReactNode }) {
  return (
    <>
      <CircleAlert aria-hidden="true" className="size-10 text-red-400" />
      <p role="alert" className="text-ink">
        {message}
      </p>
      {hint && <p className="text-sm text-ink-muted">{hint}</p>}
      <div className="flex flex-wrap justify-center gap-2">{children}</div>
    </>
  );
}

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
        <Failure message={acceptanceFailureMessage(acceptance.error)}>
          <Button onClick={() => mutate(invitationId)}>Try Again</Button>
          <Button variant="outline" onClick={() => navigate('/')}>
            Go to Home
          </Button>
        </Failure>
      </AcceptanceFrame>
    );
  return (
    <AcceptanceFrame title="Accept Invitation">
      <LoadingSpinner label="Accepting the invitation" />
      <p className="text-ink-muted">Accepting the invitation…</p>
    </AcceptanceFrame>
  );
}

/** Signed out: the invitation is remembered for after sign-in (/auth resumes it). */
function SignInToAccept({ invitationId }: { invitationId: string }) {
  useEffect(() => {
    rememberPendingInvitation(invitationId);
  }, [invitationId]);
  return (
    <AcceptanceFrame title="Accept Invitation">
      <p>A home seller invited you to be their agent on ListReady.</p>
      <p className="text-ink-muted">
        Sign in with your agent account, or create one, to accept the invitation.
      </p>
      <Button onClick={() => navigate(SIGN_IN_TO_ACCEPT_PATH)}>Sign In to Accept Invitation</Button>
    </AcceptanceFrame>
  );
}

/**
 * /accept-invitation?id= (agent spec §2): an agent accepts a seller's client-to-agent invitation.
 * Open to everyone: no id is an error; a visitor is asked to sign in first; a signed-in account
 * accepts automatically (a seller gets the server's refusal, shown like any other failure).
 */
export function AcceptInvitationScreen() {
  const session = useSession();
  const invitationId = new URLSearchParams(useLocationSearch()).get('id')?.trim() ?? '';

  if (!invitationId)
    return (
      <AcceptanceFrame title="Accept Invitation">
        <Failure message={NO_INVITATION_ID} hint={NO_INVITATION_ID_HINT}>
          <Button variant="outline" onClick={() => navigate('/')}>
            Go to Home
          </Button>
        </Failure>
      </AcceptanceFrame>
    );
  if (session.status === 'loading')
    return (
      <AcceptanceFrame title="Accept Invitation">
        <LoadingSpinner label="Checking your session" />
      </AcceptanceFrame>
    );
  if (session.status === 'signed-out') return <SignInToAccept invitationId={invitationId} />;
  return <AcceptAsSignedIn invitationId={invitationId} userId={session.user.id} />;
}
