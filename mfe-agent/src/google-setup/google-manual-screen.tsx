import { PlaceholderScreen } from '../screens/placeholder-screen.tsx';

/** /google-manual: the three manual steps to a refresh token. */
export function GoogleManualScreen() {
  return <PlaceholderScreen title="Manual Google Setup" tagline="Three steps to a refresh token" />;
}
