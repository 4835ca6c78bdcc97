import { useEffect, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Button, Card } from '@listready/ui';
import { AppLink } from '../navigation/app-link.tsx';
import { navigate, useLocationSearch } from '../navigation/navigation.ts';
import { useHydrated } from '../navigation/use-hydrated.ts';
import { rememberPendingInvitation } from './pending-invitation.ts';

/**
 * What `/accept-invitation?id=` (agent spec §2) shows, drawn by two hands: the shell for a visitor
 * (a page prerendered at build time, shell/src/screens/accept-invitation-page.tsx), the agent remote
 * for a signed-in account, which accepts. One frame and one wording for both.
 */

/**
 * Signed out, the agent signs in (`/auth`) or creates an agent account (`/auth?role=agent`); either
 * way /auth then resumes the invitation. The spec sends both to create-account, where an agent who
 * has an account had to find "Sign in instead" under a form worded for home sellers.
 */
export const SIGN_IN_TO_ACCEPT_PATH = '/auth';
const CREATE_ACCOUNT_TO_ACCEPT_PATH = '/auth?role=agent';
export const NO_INVITATION_ID = 'No invitation ID found in URL';
/** Under the spec's words, what the visitor can do about a link that lost its id. */
export const NO_INVITATION_ID_HINT =
  'Open the link in your invitation e-mail or text message again. If it still does not work, ask your client to send a new invitation.';

/** The invitation's id in a page's query string (`?id=`), trimmed; empty when it has none. */
export const invitationIdIn = (search: string): string => new URLSearchParams(search).get('id')?.trim() ?? '';

export function AcceptanceFrame({ title, children }: { title: string; children: ReactNode }) {
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

export function AcceptanceFailure({
  message,
  hint,
  children,
}: {
  message: string;
  hint?: string;
  children: ReactNode;
}) {
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

/** A link that lost its id, whoever opens it. */
export function NoInvitationId() {
  return (
    <AcceptanceFrame title="Accept Invitation">
      <AcceptanceFailure message={NO_INVITATION_ID} hint={NO_INVITATION_ID_HINT}>
        {/* A link: it works before the scripts have come (the page is drawn with its HTML). */}
        <Button asChild variant="outline">
          <AppLink href="/">Go to Home</AppLink>
        </Button>
      </AcceptanceFailure>
    </AcceptanceFrame>
  );
}

/**
 * Signed out: the invitation is remembered for after sign-in (/auth resumes it). Drawn with the
 * page's HTML, the button waits for the scripts (which remember the invitation) and says so.
 */
function SignInToAccept({ invitationId }: { invitationId: string }) {
  const ready = useHydrated();
  useEffect(() => {
    rememberPendingInvitation(invitationId);
  }, [invitationId]);
  return (
    <AcceptanceFrame title="Accept Invitation">
      <p>A home seller invited you to be their agent on ListReady.</p>
      <p className="text-ink-muted">
        Sign in with your agent account, or create one, to accept the invitation.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button disabled={!ready} onClick={() => navigate(SIGN_IN_TO_ACCEPT_PATH)}>
          Sign In to Accept Invitation
        </Button>
        <Button variant="outline" disabled={!ready} onClick={() => navigate(CREATE_ACCOUNT_TO_ACCEPT_PATH)}>
          Create an Agent Account
        </Button>
      </div>
    </AcceptanceFrame>
  );
}

/** The page as a visitor sees it: asked to sign in first, or told the link has no invitation. */
export function AcceptInvitationAsVisitor() {
  const invitationId = invitationIdIn(useLocationSearch());
  return invitationId ? <SignInToAccept invitationId={invitationId} /> : <NoInvitationId />;
}
