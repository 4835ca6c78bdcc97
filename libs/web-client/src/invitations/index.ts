export * from './pending-invitation.ts';
export * from './invitation-toasts.ts';
export * from './invitation-requests.ts';
export * from './use-invitations.ts';
export { InvitationDialog } from './invitation-dialog.tsx';
export { SendInvitationAgain } from './send-invitation-again.tsx';
export { AgentContactActions, type LinkedAgent } from './agent-contact-actions.tsx';
export {
  AcceptanceFailure,
  AcceptanceFrame,
  AcceptInvitationAsVisitor,
  invitationIdIn,
  NO_INVITATION_ID,
  NO_INVITATION_ID_HINT,
  NoInvitationId,
  SIGN_IN_TO_ACCEPT_PATH,
} from './accept-invitation-views.tsx';
