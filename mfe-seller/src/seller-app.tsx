import { useLocationPath } from '@listready/web-client';
import { ClientBanner } from './banner/client-banner.tsx';
import { IconsScreen } from './icons/icons-screen.tsx';
import { JourneyScreen } from './journey/components/journey-screen.tsx';
import { ProfileScreen } from './profile/components/profile-screen.tsx';

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
