import { useLayoutEffect, useSyncExternalStore } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LoadingSpinner, Toaster } from '@listready/ui';
import {
  readProfileTab,
  RenderedSearchProvider,
  subscribeToProfileTab,
  useSession,
  type ProfileTab,
} from '@listready/web-client';
import { RemoteOutlet } from './federation/remote-outlet.tsx';
import { PageFrame } from './frame/page-frame.tsx';
import { pageTitle } from './routing/page-titles.ts';
import { normalisePath, resolveRoute, type ShellScreen } from './routing/route-rules.ts';
import { AcceptInvitationPage } from './screens/accept-invitation-page.tsx';
import { AuthPage, ForgotPasswordPage, ResetPasswordPage } from './screens/account-pages.tsx';
import { LandingPage } from './screens/landing-page.tsx';
import { NotFoundPage } from './screens/not-found-page.tsx';

const SHELL_SCREENS: Record<ShellScreen, () => React.JSX.Element> = {
  landing: LandingPage,
  auth: AuthPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  'accept-invitation': AcceptInvitationPage,
  'not-found': NotFoundPage,
};

function subscribeToLocation(onChange: () => void): () => void {
  // single-spa and the web client's navigate() both announce in-app navigation with popstate.
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/**
 * The current path. While a prerendered page hydrates (and when the build renders it) it is the
 * path that page was rendered at, so the first render matches the HTML; the real one follows.
 */
function useShellPath(renderedPath: string): string {
  return useSyncExternalStore(
    subscribeToLocation,
    () => window.location.pathname,
    () => renderedPath,
  );
}

/**
 * At /profile, the tab the bottom navigation chose (session storage, then its broadcast once
 * there); none elsewhere, and none while a page is prerendered or hydrates.
 */
function useProfileTabAt(path: string): ProfileTab | undefined {
  return useSyncExternalStore(
    subscribeToProfileTab,
    () => (normalisePath(path) === '/profile' ? readProfileTab() : undefined),
    () => undefined,
  );
}

function ShellRoutes({ renderedPath }: { renderedPath: string }) {
  const session = useSession();
  const path = useShellPath(renderedPath);
  const route = resolveRoute(path, session);
  const profileTab = useProfileTabAt(path);
  // Before paint and before the page view is recorded (the tracker reads it after the navigation).
  const title = pageTitle(
    path,
    route,
    profileTab,
    session.status === 'signed-in' ? session.user.role : undefined,
  );
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  let content: React.ReactNode;
  if (route.kind === 'loading')
    // Said on screen: the first words a signed-in page paints, with its HTML, while the scripts load.
    content = <LoadingSpinner label="Checking your session" showLabel className="min-h-[50vh]" />;
  else if (route.kind === 'remote') content = <RemoteOutlet key={route.app} app={route.app} path={path} />;
  else {
    const Screen = SHELL_SCREENS[route.screen];
    content = <Screen />;
  }
  return <PageFrame session={session}>{content}</PageFrame>;
}

export interface ShellAppProps {
  queryClient: QueryClient;
  /** The path a prerendered page was rendered at (build time), for the render that hydrates it. */
  renderedPath?: string;
  /**
   * The query string it was rendered for (`?token=…` for the reset form), likewise: at build time one
   * of the shape the page is served at; in the browser, the one it was served at.
   */
  renderedSearch?: string;
}

export function ShellApp({ queryClient, renderedPath = '/', renderedSearch = '' }: ShellAppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RenderedSearchProvider value={renderedSearch}>
        <ShellRoutes renderedPath={renderedPath} />
      </RenderedSearchProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
