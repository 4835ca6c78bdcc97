import { LoadingSpinner, onDemand, OnDemandScreen } from '@listready/ui';
import { resolveRoute } from '../routing/route-rules.ts';

type AccountScreens = typeof import('../accounts/account-screens.tsx');

const loadAccountScreens = () =>
  import(/* webpackChunkName: "account-screens" */ '../accounts/account-screens.tsx');

const accountScreens = onDemand(loadAccountScreens);
// Opened at an account page (shown whatever the session), the shell starts fetching its screens
// as it starts, beside its own code, instead of once it has asked for the session and rendered.
// (Not when the build prerenders the visitor pages: there is no window there.)
const opening =
  typeof window === 'undefined' ? undefined : resolveRoute(window.location.pathname, { status: 'loading' });
if (opening?.kind === 'shell' && ['auth', 'forgot-password', 'reset-password'].includes(opening.screen)) {
  void accountScreens.fetch().catch(() => undefined);
}

/**
 * A shell screen whose code arrives with the first visit to any account page (one chunk for the
 * three), so the landing page's JavaScript does not carry the forms. It shows as soon as that code
 * is here (OnDemandScreen; through Suspense it came a good 300 ms after the spinner), and a failed
 * download does not take the whole shell down with it.
 */
function lazyAccountScreen(name: keyof AccountScreens) {
  return function AccountScreen() {
    return (
      <OnDemandScreen
        source={accountScreens}
        loading={<LoadingSpinner label="Loading" className="min-h-[50vh]" />}
      >
        {(screens) => {
          const Screen = screens[name];
          return <Screen />;
        }}
      </OnDemandScreen>
    );
  };
}

export const AuthPage = lazyAccountScreen('AuthPage');
export const ForgotPasswordPage = lazyAccountScreen('ForgotPasswordPage');
export const ResetPasswordPage = lazyAccountScreen('ResetPasswordPage');
