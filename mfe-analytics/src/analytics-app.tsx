import { useSession } from '@listready/web-client';
import { PlaceholderScreen } from './screens/placeholder-screen.tsx';

/** The analytics remote: the usage dashboard at /analytics. */
export function AnalyticsApp() {
  const session = useSession();
  const viewer = session.status === 'signed-in' ? session.user.firstName : null;
  return (
    <PlaceholderScreen
      title="Analytics"
      tagline={viewer ? `Usage across your clients, ${viewer}` : 'Usage across your clients'}
    />
  );
}
