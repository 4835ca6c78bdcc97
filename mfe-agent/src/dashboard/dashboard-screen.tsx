import { useSession } from '@listready/web-client';
import { PlaceholderScreen } from '../screens/placeholder-screen.tsx';

/** The agent dashboard (also / for agents). */
export function DashboardScreen() {
  const session = useSession();
  const firstName = session.status === 'signed-in' ? session.user.firstName : null;
  return <PlaceholderScreen title={`Hello ${firstName || 'Agent'}!`} tagline="Agent Dashboard" />;
}
