import { useEffect, useRef, useState } from 'react';
import type { UserRole } from '@listready/contracts';
import { LoadingSpinner, PRODUCT_NAME } from '@listready/ui';
import { useSession, type SessionUser } from '@listready/web-client';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { useLocationSearch } from '../hooks/use-location-search.ts';
import { goTo } from '../utils/go-to.ts';
import { homePathFor } from '../utils/home-path.ts';
import { takePendingInvitationPath } from '../utils/pending-invitation.ts';
import { AccountFrame } from './account-frame.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export type AuthMode = 'sign-in' | 'sign-up';

/** `?role=` preselects the role; `role=agent` opens create-account (spec seller §2, /auth). */
export function authScreenOptions(search: string): { mode: AuthMode; role: UserRole } {
  const role = new URLSearchParams(search).get('role');
  if (role === 'agent') return { mode: 'sign-up', role: 'agent' };
  return { mode: 'sign-in', role: 'client' };
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

function AuthScreen({
  initialMode,
  preselectedRole,
  onSignedIn,
}: {
  initialMode: AuthMode;
  preselectedRole: UserRole;
  onSignedIn: (user: SessionUser) => void;
}) {
  const [mode, setMode] = useState(initialMode);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(mode);
  const view = VIEWS[mode];
  // Each form is mounted afresh on a switch: both start empty with their passwords hidden.
  const switchMode = () => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');

  return (
    <AccountFrame title={view.title} description={view.description} headingRef={headingRef} showSteps>
      {mode === 'sign-in' ? (
        <SignInForm onSignedIn={onSignedIn} />
      ) : (
        <SignUpForm defaultRole={preselectedRole} onRegistered={onSignedIn} />
      )}
      <p className="mt-6 text-center text-sm text-ink-muted">
        {view.switchPrompt}{' '}
        <button
          type="button"
          onClick={switchMode}
          className="rounded-sm font-medium text-brand-soft underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
        >
          {view.switchAction}
        </button>
      </p>
    </AccountFrame>
  );
}

/** /auth: one screen toggling sign-in and create-account. A signed-in visitor is sent home. */
export function AuthPage() {
  const session = useSession();
  const search = useLocationSearch();
  // Set once this page signed someone in: the redirect below is for visitors already signed in.
  const signedInHere = useRef(false);

  useEffect(() => {
    if (session.status === 'signed-in' && !signedInHere.current)
      goTo(homePathFor(session.user.role), { replace: true });
  }, [session]);

  if (session.status !== 'signed-out')
    return <LoadingSpinner label="Checking your session" className="min-h-[50vh]" />;

  const finish = (user: SessionUser) => {
    signedInHere.current = true;
    goTo(takePendingInvitationPath() ?? homePathFor(user.role));
  };
  const { mode, role } = authScreenOptions(search);
  // A new query string (e.g. a link to /auth?role=agent from /auth) starts the screen over.
  return <AuthScreen key={search} initialMode={mode} preselectedRole={role} onSignedIn={finish} />;
}
