import { useLocationPath, useProfileTab } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';
import { PlaceholderScreen } from './screens/placeholder-screen.tsx';

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

function SellerScreen({ path }: { path: string }) {
  if (path.startsWith('/profile')) return <ProfileScreen />;
  if (path.startsWith('/icons')) return <IconsScreen />;
  return <JourneyScreen />;
}

/** The seller remote: the journey (also / for clients), the profile and the icon preview. */
export function SellerApp() {
  const path = useLocationPath();
  return (
    <>
      <SellerScreen path={path} />
      <ClientBanner />
    </>
  );
}
