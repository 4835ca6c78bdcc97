import { lazy, Suspense } from 'react';
import { useLocationPath } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';

// The profile (its forms and react-hook-form) is fetched when /profile opens, not with the journey.
const ProfileScreen = lazy(async () => ({
  default: (await import('./profile/components/profile-screen.tsx')).ProfileScreen,
}));

function ProfileLoading() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <p role="status" className="text-ink-muted">
        Loading your profile...
      </p>
    </section>
  );
}

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
