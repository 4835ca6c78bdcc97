import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchWhenIdle, onDemand, OnDemandScreen, ProfileSkeleton } from '@listready/ui';
import { onRouteIntent, useLocationPath } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';
import { prefetchJourneyReads } from './journey/hooks/use-journey-queries.ts';
import { useOfflineSync } from './journey/hooks/use-offline-task-changes.ts';
import { prefetchProfileReads } from './profile/utils/profile-reads.ts';

// The profile (its forms and react-hook-form) is fetched when /profile opens, not with the journey.
const profileScreen = onDemand(() => import('./profile/components/profile-screen.tsx'));
// A page opened at /profile starts fetching it as this remote loads (the gateway has preloaded its
// files with the page: page-chunks.json), and the remote mounts once it has it (screenReady).
const opening = window.location.pathname.startsWith('/profile')
  ? profileScreen.fetch().catch(() => undefined) // The screen says so if its code does not come.
  : undefined;

/** What the remote waits for before its first render: the screen the page opened with, if lazy. */
export const screenReady = (): Promise<unknown> => opening ?? Promise.resolve();

/**
 * The profile: straight away when its code is here (opened at /profile, or visited before), else in
 * the same outline as the shell drew while this remote loaded, until the code comes.
 */
function ProfileRoute() {
  return (
    <OnDemandScreen source={profileScreen} loading={<ProfileSkeleton label="Loading your profile..." />}>
      {({ ProfileScreen }) => <ProfileScreen />}
    </OnDemandScreen>
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
  // Once the journey is up, the profile (the bar's Profile, Groups and Custom) comes too.
  useEffect(() => fetchWhenIdle([profileScreen]), []);
  // About to open the profile (the bar's Profile, Groups or Custom under a pointer, pressed or
  // focused): its code, if it has not come yet, and its reads start now rather than after its first
  // render.
  const queryClient = useQueryClient();
  useEffect(() => {
    const stops = [
      onRouteIntent('/profile', () => {
        void profileScreen.fetch().catch(() => undefined); // The screen says so if it does not come.
        prefetchProfileReads(queryClient);
      }),
      // And the journey's, about to go back to it from the profile.
      onRouteIntent('/journey', () => prefetchJourneyReads(queryClient)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
  // Work kept on this device (from the journey or the profile) goes out now, and whenever the
  // browser is back online.
  useOfflineSync();
  return (
    <>
      <SellerScreen path={path} />
      <ClientBanner />
    </>
  );
}
