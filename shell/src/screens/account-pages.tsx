import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '@listready/ui';

type AccountScreens = typeof import('../accounts/account-screens.tsx');

const loadAccountScreens = () =>
  import(/* webpackChunkName: "account-screens" */ '../accounts/account-screens.tsx');

function AccountScreensUnavailable() {
  return (
    <p role="alert" className="mx-auto max-w-xl p-8 text-center text-ink-muted">
      This page could not be loaded. Please check your connection and reload the page.
    </p>
  );
}

/**
 * A shell screen whose code arrives with the first visit to any account page (one chunk for the
 * three), so the landing page's JavaScript does not carry the forms.
 */
function lazyAccountScreen(name: keyof AccountScreens) {
  const Screen = lazy(() =>
    loadAccountScreens().then(
      (screens) => ({ default: screens[name] }),
      // A failed download must not take the whole shell down with it.
      () => ({ default: AccountScreensUnavailable }),
    ),
  );
  return function AccountScreen() {
    return (
      <Suspense fallback={<LoadingSpinner label="Loading" className="min-h-[50vh]" />}>
        <Screen />
      </Suspense>
    );
  };
}

export const AuthPage = lazyAccountScreen('AuthPage');
export const ForgotPasswordPage = lazyAccountScreen('ForgotPasswordPage');
export const ResetPasswordPage = lazyAccountScreen('ResetPasswordPage');
