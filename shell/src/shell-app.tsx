import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LoadingSpinner, Toaster } from '@listready/ui';
import { useLocationPath, useSession } from '@listready/web-client';
import { RemoteOutlet } from './federation/remote-outlet.tsx';
import { PageFrame } from './frame/page-frame.tsx';
import { resolveRoute, type ShellScreen } from './routing/route-rules.ts';
import { AuthPage, ForgotPasswordPage, ResetPasswordPage } from './screens/account-pages.tsx';
import { LandingPage } from './screens/landing-page.tsx';
import { NotFoundPage } from './screens/not-found-page.tsx';

const SHELL_SCREENS: Record<ShellScreen, () => React.JSX.Element> = {
  landing: LandingPage,
  auth: AuthPage,
  'forgot-password': ForgotPasswordPage,
  'reset-password': ResetPasswordPage,
  'not-found': NotFoundPage,
};

function ShellRoutes() {
  const session = useSession();
  const path = useLocationPath();
  const route = resolveRoute(path, session);
  let content: React.ReactNode;
  if (route.kind === 'loading')
    content = <LoadingSpinner label="Checking your session" className="min-h-[50vh]" />;
  else if (route.kind === 'remote') content = <RemoteOutlet key={route.app} app={route.app} />;
  else {
    const Screen = SHELL_SCREENS[route.screen];
    content = <Screen />;
  }
  return <PageFrame session={session}>{content}</PageFrame>;
}

export function ShellApp({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellRoutes />
      <Toaster />
    </QueryClientProvider>
  );
}
