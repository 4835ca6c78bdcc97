import { lazy, Suspense, useState } from 'react';
import { ProfileSkeleton } from '@listready/ui';
import { useLocationPath } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';

// The profile (its forms and react-hook-form) is fetched when /profile opens, not with the journey.
type ProfileModule = typeof import('./profile/components/profile-screen.tsx');
let profileModule: ProfileModule | undefined;
const loadProfileScreen = () =>
  import('./profile/components/profile-screen.tsx').then((module) => (profileModule = module));
// A page opened at /profile starts fetching it as this remote loads (the gateway has preloaded its
// files with the page: page-chunks.json), and the remote mounts once it has it (screenReady).
const opening = window.location.pathname.startsWith('/profile') ? loadProfileScreen() : undefined;
const LazyProfileScreen = lazy(async () => ({ default: (await loadProfileScreen()).ProfileScreen }));

/** What the remote waits for before its first render: the screen the page opened with, if lazy. */
export const screenReady = (): Promise<unknown> => opening ?? Promise.resolve();

// In the same outline as the shell drew while this remote loaded (the test id tells it from the
// screen's own loading state, which looks the same).
const ProfileLoading = () => (
  <div data-testid="profile-code-loading">
    <ProfileSkeleton label="Loading your profile..." />
  </div>
);

/**
 * The profile: straight away when its code is here (opened at /profile, or visited before), so no
 * fallback shows, which React would keep for at least 300 ms; otherwise fetched, saying so. Decided
 * once per visit, so the screen is never swapped for another copy of itself while open.
 */
function ProfileRoute() {
  const [loaded] = useState(() => profileModule);
  if (loaded) return <loaded.ProfileScreen />;
  return (
    <Suspense fallback={<ProfileLoading />}>
      <LazyProfileScreen />
    </Suspense>
  );
}

function SellerScreen({ path }: { path: string }) {
  if (path.startsWith('/profile')) return <ProfileRoute />;
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
