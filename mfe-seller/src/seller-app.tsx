import { useState } from 'react';
import { onDemand, ProfileSkeleton, useOnDemand } from '@listready/ui';
import { useLocationPath } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';

// The profile (its forms and react-hook-form) is fetched when /profile opens, not with the journey.
const profileScreen = onDemand(() => import('./profile/components/profile-screen.tsx'));
// A page opened at /profile starts fetching it as this remote loads (the gateway has preloaded its
// files with the page: page-chunks.json), and the remote mounts once it has it (screenReady).
const opening = window.location.pathname.startsWith('/profile') ? profileScreen.fetch() : undefined;

/** What the remote waits for before its first render: the screen the page opened with, if lazy. */
export const screenReady = (): Promise<unknown> => opening ?? Promise.resolve();

/**
 * The profile: straight away when its code is here (opened at /profile, or visited before), else in
 * the same outline as the shell drew while this remote loaded, until the code comes (useOnDemand:
 * not through Suspense, whose fallback React keeps for at least 300 ms).
 */
function ProfileRoute() {
  const [failed, setFailed] = useState(false);
  const loaded = useOnDemand(profileScreen, undefined, () => setFailed(true));
  if (failed) {
    return (
      <p role="alert" className="mx-auto max-w-xl p-8 text-center text-ink-muted">
        This page could not be loaded. Please check your connection and reload the page.
      </p>
    );
  }
  if (!loaded) {
    // The test id tells it from the screen's own loading state, which looks the same.
    return (
      <div data-testid="profile-code-loading">
        <ProfileSkeleton label="Loading your profile..." />
      </div>
    );
  }
  return <loaded.ProfileScreen />;
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
