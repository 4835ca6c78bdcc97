export * from './pending-invitation.ts';
export * from './invitation-toasts.ts';
export * from './invitation-requests.ts';
export * from './use-invitations.ts';
export { InvitationDialog } from './invitation-dialog.tsx';
export { SendInvitationAgain } from './send-invitation-again.tsx';
export { AgentContactActions, type LinkedAgent } from './agent-contact-actions.tsx';
