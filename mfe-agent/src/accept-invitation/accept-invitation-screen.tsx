import { PlaceholderScreen } from '../screens/placeholder-screen.tsx';

/** /accept-invitation: an agent accepts a seller's invitation. */
export function AcceptInvitationScreen() {
  return <PlaceholderScreen title="Accept Invitation" tagline="Link your account to your client" />;
}
