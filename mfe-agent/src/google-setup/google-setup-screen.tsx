import { PlaceholderScreen } from '../screens/placeholder-screen.tsx';

/** /google-setup: connect the Google account that sends invitations. */
export function GoogleSetupScreen() {
  return <PlaceholderScreen title="Google Mail Setup" tagline="Connect the account that sends invitations" />;
}
