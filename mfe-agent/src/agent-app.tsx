import type { ComponentType } from 'react';
import { useLocationPath } from '@listready/web-client';
import { AcceptInvitationScreen } from './accept-invitation/accept-invitation-screen.tsx';
import { ClientDemoScreen } from './client-demo/client-demo-screen.tsx';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';
import { GoogleManualScreen } from './google-setup/google-manual-screen.tsx';
import { GoogleSetupScreen } from './google-setup/google-setup-screen.tsx';

/** Each agent route's screen; every other path this remote is given (/ and /dashboard) is the dashboard. */
const SCREENS: Readonly<Record<string, ComponentType>> = {
  '/client-demo': ClientDemoScreen,
  '/google-setup': GoogleSetupScreen,
  '/google-manual': GoogleManualScreen,
  '/accept-invitation': AcceptInvitationScreen,
};

/** The agent remote: dashboard (also / for agents), client demo, Google setup, invitation acceptance. */
export function AgentApp() {
  const path = useLocationPath();
  const Screen = SCREENS[path.replace(/\/+$/, '')] ?? DashboardScreen;
  return <Screen />;
}
