import { LoadingSpinner, onDemand, OnDemandScreen } from '@listready/ui';
import { resolveRoute } from '../routing/route-rules.ts';

type AccountScreens = typeof import('../accounts/account-screens.tsx');

const importAccountScreens = () =>
  import(/* webpackChunkName: "account-screens" */ '../accounts/account-screens.tsx');

const accountScreens = onDemand(importAccountScreens);

/** Whether the page at `path` is one of the account screens (shown whatever the session). */
export function isAccountPage(path: string): boolean {
  const route = resolveRoute(path, { status: 'loading' });
  return route.kind === 'shell' && ['auth', 'forgot-password', 'reset-password'].includes(route.screen);
}

/**
 * The account screens' code, fetched once. An account page prerendered with its form (the build,
 * `prerender/signed-out-pages.tsx`) is rendered, and hydrated in the browser, once it is here: the
 * first render then draws the form the HTML holds.
 */
export const loadAccountScreens = (): Promise<unknown> => accountScreens.fetch();

// Opened at an account page, the shell starts fetching its screens as it starts, beside its own
// code, instead of once it has asked for the session and rendered. (Not when the build prerenders
// the pages: there is no window there.)
if (typeof window !== 'undefined' && isAccountPage(window.location.pathname)) {
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
