import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserRole } from '@listready/contracts/auth';
import { LoadingSpinner, PRODUCT_NAME, toast } from '@listready/ui';
import {
  acceptInvitation,
  apiClient,
  groupInviteCodeIn,
  invitationAcceptanceFailureToast,
  joinGroupPath,
  refetchInvitationAffectedQueries,
  takePendingInvitationPath,
  useLocationSearch,
  useSession,
  type SessionUser,
  useHydrated,
} from '@listready/web-client';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { goTo } from '../utils/go-to.ts';
import { homePathFor } from '../utils/home-path.ts';
import { AccountFrame } from './account-frame.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export type AuthMode = 'sign-in' | 'sign-up';

export interface AuthScreenOptions {
  mode: AuthMode;
  role: UserRole;
  /** An agent's invitation to a client (`?invitation=`, the invitation e-mail's link), to accept once signed in. */
  invitationId: string | null;
  /** A group's invite code (`?join=`, a group's invite link): My Groups, to join it, once signed in. */
  joinCode: string | null;
}

/**
 * `?role=` preselects the role; `role=agent` opens create-account (spec seller §2, /auth). An
 * agent's invitation (`?invitation=<id>`) or a group's invite link (`?join=<code>`, sent to someone
 * the seller wants in their household) opens create-account as a home seller.
 */
export function authScreenOptions(search: string): AuthScreenOptions {
  const params = new URLSearchParams(search);
  const invitationId = params.get('invitation')?.trim() || null;
  const joinCode = groupInviteCodeIn(search);
  if (params.get('role') === 'agent') return { mode: 'sign-up', role: 'agent', invitationId, joinCode };
  if (invitationId || joinCode) return { mode: 'sign-up', role: 'client', invitationId, joinCode };
  return { mode: 'sign-in', role: 'client', invitationId, joinCode };
}

/**
 * Accepts the agent's invitation the visitor came with. A refusal (expired, another agent's
 * client already, another address) is a toast: the person is signed in either way and goes home.
 */
async function acceptInvitationOnArrival(queryClient: QueryClient, invitationId: string): Promise<void> {
  try {
    await acceptInvitation(apiClient, invitationId);
    await refetchInvitationAffectedQueries(queryClient);
  } catch (error) {
    toast(invitationAcceptanceFailureToast(error));
  }
}

const VIEWS = {
  'sign-in': {
    title: `Sign in to ${PRODUCT_NAME}`,
    description: 'Welcome back! Pick up your home preparation where you left off.',
    switchPrompt: "Don't have an account?",
    switchAction: 'Create an account',
  },
  'sign-up': {
    title: `Create your ${PRODUCT_NAME} account`,
    description: 'Start your free trial and get your home ready to sell.',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in instead',
  },
} as const;

/** Said instead of a view's description when the visitor came by a group's invite link. */
export const JOINING_DESCRIPTION =
  'You were invited to join a group. Create your account, or sign in, and then press Join.';

function AuthScreen({
  initialMode,
  preselectedRole,
  invitedByLink,
  joining,
  onSignedIn,
}: {
  initialMode: AuthMode;
  preselectedRole: UserRole;
  /** Arrived by an agent's invitation link: create-account starts with the address it went to. */
  invitedByLink: boolean;
  /** Arrived by a group's invite link: the page says what comes after. */
  joining: boolean;
  onSignedIn: (user: SessionUser) => void;
}) {
  const [mode, setMode] = useState(initialMode);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(mode);
  const view = joining ? { ...VIEWS[mode], description: JOINING_DESCRIPTION } : VIEWS[mode];
  // Each form is mounted afresh on a switch: both start empty with their passwords hidden.
  const switchMode = () => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
  // Drawn before the scripts (the prerendered sign-in page), the switch waits for them: disabled.
  const ready = useHydrated();

  return (
    <AccountFrame title={view.title} description={view.description} headingRef={headingRef} showSteps>
      {mode === 'sign-in' ? (
        <SignInForm onSignedIn={onSignedIn} />
      ) : (
        <SignUpForm defaultRole={preselectedRole} invitedByLink={invitedByLink} onRegistered={onSignedIn} />
      )}
      <p className="mt-6 text-center text-sm text-ink-muted">
        {view.switchPrompt}{' '}
        <button
          type="button"
          onClick={switchMode}
          disabled={!ready}
          className="rounded-sm font-medium text-brand-soft underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
        >
          {view.switchAction}
        </button>
      </p>
    </AccountFrame>
  );
}

/**
 * /auth: one screen toggling sign-in and create-account. A signed-in visitor is sent home. With an
 * agent's invitation, whoever signs in or registers here (or arrives signed in) accepts it first;
 * with a group's invite link, they go on to My Groups to join it.
 */
export function AuthPage() {
  const session = useSession();
  const search = useLocationSearch();
  const queryClient = useQueryClient();
  const { mode, role, invitationId, joinCode } = authScreenOptions(search);
  // Set once this page is sending the user on (after signing in here, or because they already were).
  const leaving = useRef(false);
  const [accepting, setAccepting] = useState(false);

  const leave = async (user: SessionUser, { signedInHere }: { signedInHere: boolean }) => {
    leaving.current = true;
    if (invitationId) {
      setAccepting(true);
      await acceptInvitationOnArrival(queryClient, invitationId);
    }
    // A group's invite link goes on to My Groups with its code; Join stays the person's to press.
    const home = joinCode ? joinGroupPath(joinCode) : homePathFor(user.role);
    if (signedInHere) goTo(takePendingInvitationPath() ?? home);
    else goTo(home, { replace: true });
  };

  useEffect(() => {
    if (session.status === 'signed-in' && !leaving.current) void leave(session.user, { signedInHere: false });
    // `leave` reads this render's invitation; only a change of session calls for it.
  }, [session]);

  if (session.status !== 'signed-out' || accepting)
    return (
      <LoadingSpinner
        label={accepting ? 'Accepting your invitation' : 'Checking your session'}
        className="min-h-[50vh]"
      />
    );

  const finish = (user: SessionUser) => void leave(user, { signedInHere: true });
  // A new query string (e.g. a link to /auth?role=agent from /auth) starts the screen over.
  return (
    <AuthScreen
      key={search}
      initialMode={mode}
      preselectedRole={role}
      invitedByLink={invitationId !== null}
      joining={joinCode !== null}
      onSignedIn={finish}
    />
  );
}
