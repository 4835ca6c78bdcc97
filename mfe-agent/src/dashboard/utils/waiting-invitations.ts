import type { SentInvitation } from '@listready/contracts/invitation';

/**
 * The agent's invitations that no client has taken up: for each address the newest invitation to a
 * client, kept when it is still waiting or has expired (an accepted one is a row of the Clients
 * table; an older one to the same address is behind the newest). Newest first, as the service sends.
 */
export function waitingInvitations(sent: readonly SentInvitation[]): SentInvitation[] {
  const seen = new Set<string>();
  const waiting: SentInvitation[] = [];
  for (const invitation of sent) {
    if (invitation.type !== 'agent-to-client') continue;
    const address = invitation.email.toLowerCase();
    if (seen.has(address)) continue;
    seen.add(address);
    if (invitation.status !== 'accepted') waiting.push(invitation);
  }
  return waiting;
}

/**
 * How the invitation reached the client, in words: each channel tried and whether it took it. A
 * channel that failed is what the agent can do something about (call, or invite again).
 */
export function deliveryLabel(invitation: SentInvitation): { text: string; failed: boolean } {
  const email = invitation.emailSent ? 'E-mail sent' : 'E-mail not delivered';
  const sms =
    invitation.phoneNumber === null ? null : invitation.smsSent ? 'text sent' : 'text not delivered';
  return {
    text: sms ? `${email}, ${sms}` : email,
    failed: !invitation.emailSent || (invitation.phoneNumber !== null && !invitation.smsSent),
  };
}
