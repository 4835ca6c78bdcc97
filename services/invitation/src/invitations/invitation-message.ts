import { DEFAULT_BRANDING_COLORS } from '@listready/contracts';
import { escapeHtml, type EmailMessage, type SmsMessage } from '@listready/messaging';
import type { InvitationType } from '@listready/db';

export interface InvitationBranding {
  companyName: string;
  primaryColor: string;
  headerBackgroundColor: string;
}

export interface InvitationContent {
  id: string;
  type: InvitationType;
  inviteeName: string;
  inviteeEmail: string;
  inviteePhone: string | null;
  inviterName: string;
  /** The inviting agent's branding (agent-to-client only, when set). */
  branding: InvitationBranding | undefined;
}

/**
 * Where the invitee goes: a seller's agent to the acceptance page, an agent's client to sign-up
 * with the invitation (the sign-up screen accepts it once the seller is signed in) and the address
 * it went to, which the form starts with — in the fragment, which browsers never send, so no
 * request log holds it.
 */
export function invitationLink(
  origin: string,
  invitation: Pick<InvitationContent, 'id' | 'type' | 'inviteeEmail'>,
): string {
  const id = encodeURIComponent(invitation.id);
  return invitation.type === 'client-to-agent'
    ? `${origin}/accept-invitation?id=${id}`
    : `${origin}/auth?invitation=${id}#${new URLSearchParams({ email: invitation.inviteeEmail })}`;
}

/** Branding colours go into style attributes: only #rgb/#rrggbb pass, anything else is the default. */
const safeColor = (value: string | undefined, fallback: string) =>
  value && /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(value) ? value : fallback;

function wording(invitation: InvitationContent) {
  const sender = invitation.branding
    ? `${invitation.inviterName} of ${invitation.branding.companyName}`
    : invitation.inviterName;
  return invitation.type === 'client-to-agent'
    ? {
        subject: `${invitation.inviterName} invited you to be their agent on ListReady`,
        lead: `${sender} is preparing their home for sale on ListReady and invited you to be their agent.`,
        action: 'Accept the invitation',
      }
    : {
        subject: invitation.branding
          ? `${invitation.branding.companyName}: ${invitation.inviterName} invited you to ListReady`
          : `${invitation.inviterName} invited you to ListReady`,
        lead: `${sender} invited you to ListReady, where you will get your home ready to list, step by step.`,
        action: 'Create your account',
      };
}

/** The invitation e-mail: a text part and an HTML part, both with the link. */
export function invitationEmail(invitation: InvitationContent, link: string): EmailMessage {
  const { subject, lead, action } = wording(invitation);
  const primary = safeColor(invitation.branding?.primaryColor, DEFAULT_BRANDING_COLORS.primaryColor);
  const header = safeColor(invitation.branding?.headerBackgroundColor, '#000000');
  const title = invitation.branding?.companyName ?? 'ListReady';
  const text = [
    `Hi ${invitation.inviteeName},`,
    '',
    lead,
    '',
    `${action}: ${link}`,
    '',
    'This invitation expires in 30 days.',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="margin:0;font-family:Arial,sans-serif;color:#111">',
    `<div style="background:${header};color:#fff;padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(title)}</div>`,
    '<div style="padding:24px">',
    `<p>Hi ${escapeHtml(invitation.inviteeName)},</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:${primary};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:12px;color:#555">Or open this link: ${escapeHtml(link)}<br>This invitation expires in 30 days.</p>`,
    '</div></body></html>',
  ].join('');
  return { to: invitation.inviteeEmail, subject, text, html };
}

/** The invitation SMS (only when a phone number was given). */
export function invitationSms(
  invitation: InvitationContent & { inviteePhone: string },
  link: string,
): SmsMessage {
  const { lead } = wording(invitation);
  return { to: invitation.inviteePhone, body: `${lead} ${link}` };
}
