import { useEffect, type ComponentType } from 'react';
import { fetchWhenIdle, LoadingSpinner, onDemand, OnDemandScreen, type OnDemand } from '@listready/ui';
import { useLocationPath } from '@listready/web-client';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';

/**
 * Each agent route's screen but the dashboard, fetched when it opens (each in a chunk of its own,
 * preloaded with the page: page-chunks.json), so the dashboard, an agent's home, and the invitation
 * page a visitor opens carry only their own code. Every other path this remote is given (/ and
 * /dashboard) is the dashboard.
 */
const SCREENS: Readonly<Record<string, OnDemand<ComponentType>>> = {
  '/client-demo': onDemand(() =>
    import('./client-demo/client-demo-screen.tsx').then((module) => module.ClientDemoScreen),
  ),
  '/google-setup': onDemand(() =>
    import('./google-setup/google-setup-screen.tsx').then((module) => module.GoogleSetupScreen),
  ),
  '/google-manual': onDemand(() =>
    import('./google-setup/google-manual-screen.tsx').then((module) => module.GoogleManualScreen),
  ),
  '/accept-invitation': onDemand(() =>
    import('./accept-invitation/accept-invitation-screen.tsx').then(
      (module) => module.AcceptInvitationScreen,
    ),
  ),
};

/** A path as the screens are named: without its trailing slashes. */
const screenPath = (path: string): string => path.replace(/\/+$/, '');

// The screen the page opened with starts coming as this remote loads, and the remote mounts once
// it is here (screenReady), so the shell's loading state gives way to the screen itself.
// A failed fetch is the screen's to report (OnDemandScreen fetches again, then says so).
const opening = SCREENS[screenPath(window.location.pathname)]?.fetch().catch(() => undefined);

/** What the remote waits for before its first render: the screen the page opened with, if lazy. */
export const screenReady = (): Promise<unknown> => opening ?? Promise.resolve();

/**
 * The screens an agent goes on to from a page: the bar's Client Demo from any, and from one Google
 * setup screen the other (they link each other; an agent reaches the first by its address). None
 * from the invitation page, whose visitor may not be signed in yet.
 */
function nextScreens(path: string): OnDemand<ComponentType>[] {
  if (path === '/accept-invitation') return [];
  const next = ['/client-demo'];
  if (path === '/google-setup') next.push('/google-manual');
  if (path === '/google-manual') next.push('/google-setup');
  return next.flatMap((page) => SCREENS[page] ?? []);
}

/** The agent remote: dashboard (also / for agents), client demo, Google setup, invitation acceptance. */
export function AgentApp() {
  const path = screenPath(useLocationPath());
  const source = SCREENS[path];
  // Once this screen is up, those an agent goes on to come too: opened, each draws at once.
  useEffect(() => fetchWhenIdle(nextScreens(path)), [path]);
  if (!source) return <DashboardScreen />;
  return (
    // The shell's own loading state for an agent's page, while a screen opened later comes.
    <OnDemandScreen source={source} loading={<LoadingSpinner label="Loading page" />}>
      {(Screen) => <Screen />}
    </OnDemandScreen>
  );
}
