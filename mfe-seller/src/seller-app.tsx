import { useLocationPath, useProfileTab, useSession } from '@listready/web-client';
import { PlaceholderScreen } from './screens/placeholder-screen.tsx';

function JourneyScreen() {
  const session = useSession();
  const firstName = session.status === 'signed-in' ? session.user.firstName : null;
  return <PlaceholderScreen title={`Hello ${firstName || 'John'}!`} tagline="Let's get moving" />;
}

function ProfileScreen() {
  const [tab] = useProfileTab();
  return (
    <PlaceholderScreen title="My Profile" tagline="Your details, groups and personal tasks">
      <p className="mt-2 text-sm text-ink-muted" data-testid="profile-tab">
        Selected tab: {tab}
      </p>
    </PlaceholderScreen>
  );
}

function IconsScreen() {
  return <PlaceholderScreen title="Icons" tagline="28 icons" />;
}

/** The seller remote: the journey (also / for clients), the profile and the icon preview. */
export function SellerApp() {
  const path = useLocationPath();
  if (path.startsWith('/profile')) return <ProfileScreen />;
  if (path.startsWith('/icons')) return <IconsScreen />;
  return <JourneyScreen />;
}
