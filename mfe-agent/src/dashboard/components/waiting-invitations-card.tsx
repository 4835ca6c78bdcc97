import type { SentInvitation } from '@listready/contracts/invitation';
import { Card } from '@listready/ui';
import { invitationDay, SendInvitationAgain } from '@listready/web-client';
import { deliveryLabel } from '../utils/waiting-invitations.ts';

function WaitingInvitation({ invitation }: { invitation: SentInvitation }) {
  const expired = invitation.status === 'expired';
  const delivery = deliveryLabel(invitation);
  return (
    <li className="space-y-1 px-4 py-3 text-sm sm:px-6" data-invitation-id={invitation.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{invitation.name}</p>
          <p className="truncate text-ink-muted">
            {invitation.email}
            {invitation.phoneNumber ? ` · ${invitation.phoneNumber}` : ''}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full border px-2 py-0.5 text-xs ${
            expired ? 'border-surface-border text-ink-muted' : 'border-amber-400 text-amber-300'
          }`}
        >
          {expired ? 'Expired' : 'Waiting'}
        </span>
      </div>
      <p className="text-ink-muted">
        Sent {invitationDay(invitation.sentAt)} ·{' '}
        {expired
          ? `expired ${invitationDay(invitation.expiresAt)}: invite them again with Invite Client`
          : `the link works until ${invitationDay(invitation.expiresAt)}`}
      </p>
      <p className={delivery.failed ? 'text-amber-300' : 'text-ink-muted'}>{delivery.text}</p>
      {expired ? null : <SendInvitationAgain invitation={invitation} className="mt-1" />}
    </li>
  );
}

/**
 * Under the Clients table (ours, decisions.md): the clients invited who have not joined yet, so the
 * agent knows whom to call — when each was invited, until when the link works, and whether the
 * e-mail and text went out (`waiting`: waitingInvitations of what the agent sent). Nothing is drawn
 * until there is something to say.
 */
export function WaitingInvitationsCard({ waiting }: { waiting: readonly SentInvitation[] }) {
  if (waiting.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="waiting-invitations-title" className="mt-6 overflow-hidden">
      <div className="p-4 sm:p-6">
        <h2 id="waiting-invitations-title" className="text-lg font-semibold">
          Invited, not joined yet
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {waiting.length === 1 ? '1 invitation' : `${waiting.length} invitations`} no client has accepted.
        </p>
      </div>
      <ul className="divide-y divide-surface-border border-t border-surface-border">
        {waiting.map((invitation) => (
          <WaitingInvitation key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}
