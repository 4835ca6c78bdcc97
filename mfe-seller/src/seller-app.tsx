import { useEffect } from 'react';
import { fetchWhenIdle, onDemand, OnDemandScreen, ProfileSkeleton } from '@listready/ui';
import { useLocationPath, type RemotePrepareProps } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';
import { prefetchJourneyReads } from './journey/hooks/use-journey-queries.ts';
import { useOfflineSync } from './journey/hooks/use-offline-task-changes.ts';
import { prefetchProfileReads } from './profile/utils/profile-reads.ts';

// The profile (its forms and react-hook-form) is fetched when /profile opens, not with the journey.
const profileScreen = onDemand(() => import('./profile/components/profile-screen.tsx'));
const isProfile = (pathname: string) => pathname.startsWith('/profile');
// The screen says so if its code does not come.
const fetchProfileScreen = () => profileScreen.fetch().catch(() => undefined);

/**
 * What the remote waits for before its first render: the screen of the page it mounts on, if lazy —
 * a page opened at /profile has the gateway's preloads of its files (page-chunks.json). Read at
 * mount: the shell may have run this module on another remote's page, to prepare one of its pages.
 */
export const screenReady = (): Promise<unknown> =>
  isProfile(window.location.pathname) ? fetchProfileScreen() : Promise.resolve();

// And as the module runs: the page it runs on is, as a rule, the page the remote was loaded for, so
// the profile's code is on its way before the shell mounts the remote (fetched once; the mount's own
// call finds it under way).
void screenReady();

/**
 * The user is about to open one of this remote's pages (the shell asks, route-intent.ts): its code
 * if it has not come and its first reads, so they are on their way while the click comes and the
 * current screen is taken down, instead of after the page's first render. The profile (the bar's
 * Profile, Groups or Custom); the journey, the seller's own or the one a `?clientId=` names (an
 * agent's pointer on a client on the dashboard).
 */
export function prepare({ url, queryClient }: RemotePrepareProps): void {
  if (isProfile(url.pathname)) {
    void fetchProfileScreen();
    prefetchProfileReads(queryClient);
  } else if (!url.pathname.startsWith('/icons')) prefetchJourneyReads(queryClient, url);
}

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
