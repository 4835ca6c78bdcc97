import { useEffect, type ComponentType } from 'react';
import { fetchWhenIdle, LoadingSpinner, onDemand, OnDemandScreen, type OnDemand } from '@listready/ui';
import { useLocationPath, useSession } from '@listready/web-client';

type Screen = OnDemand<ComponentType>;

/**
 * The dashboard: an agent's home (/ and /dashboard), and every path of this remote without a
 * screen of its own. A chunk of its own like every other screen, so the invitation page a visitor
 * opens from an e-mail does not bring the dashboard's code with it.
 */
const DASHBOARD: Screen = onDemand(() =>
  import('./dashboard/dashboard-screen.tsx').then((module) => module.DashboardScreen),
);

/**
 * Each agent route's screen, fetched when it opens (each in a chunk of its own, preloaded with the
 * page: page-chunks.json), so every page carries only its own screen's code.
 */
const SCREENS: Readonly<Record<string, Screen>> = {
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

/** The screen of a path: its own, or the dashboard. */
const screenAt = (path: string): Screen => SCREENS[screenPath(path)] ?? DASHBOARD;

/**
 * What the remote waits for before its first render: the screen of the page it mounts on, so the
 * shell's loading state gives way to the screen itself. Read at mount: the shell may have run this
 * module on another remote's page, to prepare one of its pages. A failed fetch is the screen's to
 * report (OnDemandScreen fetches again, then says so).
 */
export const screenReady = (): Promise<unknown> =>
  screenAt(window.location.pathname)
    .fetch()
    .catch(() => undefined);

// And as the module runs, the screen of the page it runs on starts coming: as a rule the page the
// remote was loaded for, so its code is on its way before the shell mounts the remote (a fetch is
// made once; the mount's own call finds it under way).
void screenReady();

/**
 * The screens an agent goes on to from a page: the bar's Dashboard and Client Demo from any, and
 * from one Google setup screen the other (they link each other; an agent reaches the first by its
 * address). From the invitation page only the dashboard, where an agent is taken once it is
 * accepted, and only for an agent: a visitor signs in first.
 */
function nextScreens(path: string, agent: boolean): Screen[] {
  const page = screenPath(path);
  if (page === '/accept-invitation') return agent ? [DASHBOARD] : [];
  const next = [DASHBOARD, SCREENS['/client-demo']];
  if (page === '/google-setup') next.push(SCREENS['/google-manual']);
  if (page === '/google-manual') next.push(SCREENS['/google-setup']);
  return next.filter((screen): screen is Screen => screen !== undefined && screen !== screenAt(page));
}

/** The agent remote: dashboard (also / for agents), client demo, Google setup, invitation acceptance. */
export function AgentApp() {
  const path = useLocationPath();
  const session = useSession();
  const agent = session.status === 'signed-in' && session.user.role === 'agent';
  // Once this screen is up, those an agent goes on to come too: opened, each draws at once.
  useEffect(() => fetchWhenIdle(nextScreens(path, agent)), [path, agent]);
  return (
    // The shell's own loading state for an agent's page, while a screen opened later comes.
    <OnDemandScreen source={screenAt(path)} loading={<LoadingSpinner label="Loading page" />}>
      {(Screen) => <Screen />}
    </OnDemandScreen>
  );
}
