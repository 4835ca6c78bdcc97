import { AcceptInvitationAsVisitor } from '@listready/web-client';

/**
 * `/accept-invitation` for a visitor: asked to sign in (or create an account) before accepting, or
 * told the link has lost its invitation. The shell draws it, prerendered at build time, so the page
 * paints with its HTML; before, a visitor waited for the agent remote to see these words. A
 * signed-in account gets the agent remote, which accepts.
 */
export function AcceptInvitationPage() {
  return <AcceptInvitationAsVisitor />;
}
