import { lazy, Suspense } from 'react';
import { ProfileSkeleton } from '@listready/ui';
import { useLocationPath } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';

// The profile (its forms and react-hook-form) is fetched when /profile opens, not with the journey.
const loadProfileScreen = () => import('./profile/components/profile-screen.tsx');
// A page opened at /profile starts fetching it as this remote loads, not once the remote has rendered.
if (window.location.pathname.startsWith('/profile')) void loadProfileScreen();
const ProfileScreen = lazy(async () => ({ default: (await loadProfileScreen()).ProfileScreen }));

// In the same outline as the shell drew while this remote loaded.
const ProfileLoading = () => <ProfileSkeleton label="Loading your profile..." />;

function SellerScreen({ path }: { path: string }) {
  if (path.startsWith('/profile')) {
    return (
      <Suspense fallback={<ProfileLoading />}>
        <ProfileScreen />
      </Suspense>
    );
  }
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
