import { useLocationPath, useSession } from '@listready/web-client';
import { PlaceholderScreen } from './screens/placeholder-screen.tsx';

function DashboardScreen() {
  const session = useSession();
  const firstName = session.status === 'signed-in' ? session.user.firstName : null;
  return <PlaceholderScreen title={`Hello ${firstName || 'Agent'}!`} tagline="Agent Dashboard" />;
}

const OTHER_SCREENS: Record<string, { title: string; tagline: string }> = {
  '/client-demo': { title: 'Client Demo', tagline: 'What your clients see' },
  '/google-setup': { title: 'Google Mail Setup', tagline: 'Connect the account that sends invitations' },
  '/google-manual': { title: 'Manual Google Setup', tagline: 'Three steps to a refresh token' },
  '/accept-invitation': { title: 'Accept Invitation', tagline: 'Link your account to your client' },
};

/** The agent remote: dashboard (also / for agents), client demo, Google setup, invitation acceptance. */
export function AgentApp() {
  const path = useLocationPath();
  const screen = OTHER_SCREENS[path.replace(/\/+$/, '')];
  return screen ? <PlaceholderScreen {...screen} /> : <DashboardScreen />;
}
