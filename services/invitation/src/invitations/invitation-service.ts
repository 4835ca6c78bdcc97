import type { Logger } from 'pino';
import {
  INVITATION_RESENDS_PER_DAY,
  InvitationErrorCode,
  invitationMessages,
  SENT_INVITATIONS_LISTED,
  toE164,
  type AcceptInvitationResponse,
  type InvitationResponse,
  type SentInvitation,
} from '@listready/contracts';
import { INVITATION_LIFETIME_DAYS, type Db, type Executor, type InvitationType } from '@listready/db';
import type { EventBus } from '@listready/events';
import type { Mailer, SmsSender } from '@listready/messaging';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
  type RateLimit,
  type SessionUser,
} from '@listready/service-kit';
import type { Clock } from '../clock.ts';
import { tryChannel } from './delivery.ts';
import {
  invitationEmail,
  invitationLink,
  invitationSms,
  type InvitationContent,
} from './invitation-message.ts';
import type { InvitationRepository, InvitationRow } from './invitation-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NewInvitation {
  name: string;
  email: string;
  phoneNumber?: string | undefined;
  type: InvitationType;
}

class InvitationExpiredError extends HttpError {
  constructor(message: string = invitationMessages.expired) {
    super(410, InvitationErrorCode.expired, message);
  }
}

/** Invitations both ways: creation (with the trial allowance), delivery after the commit, acceptance. */
export function createInvitationService(deps: {
  db: Db;
  invitations: InvitationRepository;
  events: EventBus;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  logger: Logger;
  deliveryTimeoutMs: number;
  /** Counts each invitation's resends (`INVITATION_RESENDS_PER_DAY` a day). */
  resendLimit: RateLimit;
}) {
  const { db, invitations, events, clock, logger } = deps;
  const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);

  /** Who sends `type` as `userId`: their account, and for an agent's invitation their agent row and brand. */
  async function senderOf(tx: Executor, userId: string, type: InvitationType) {
    const inviter = await invitations.findUser(tx, userId);
    if (!inviter) throw new NotFoundError('User not found');
    if (type !== 'agent-to-client') return { inviter, agent: undefined, branding: undefined };
    const agent = await invitations.findAgentByUserId(tx, userId);
    if (!agent) throw new ForbiddenError(invitationMessages.agentsOnly);
    return { inviter, agent, branding: await invitations.brandingOf(tx, agent.id) };
  }

  /** What the e-mail and the text say about `row`, sent by `inviter`. */
  function contentOf(
    row: InvitationRow,
    inviter: { firstName: string; lastName: string; email: string },
    branding: InvitationContent['branding'],
  ): InvitationContent {
    return {
      id: row.id,
      type: row.type,
      inviteeName: row.inviteeName,
      inviteeEmail: row.inviteeEmail,
      inviteePhone: row.inviteePhone,
      inviterName: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email,
      branding,
    };
  }

  /**
   * Sends the invitation by e-mail, and by text when it has a phone number, after its transaction
   * committed: it exists whatever the channels do. Each channel's outcome is the answer; the stored
   * flags say whether a channel has ever taken it.
   */
  async function deliver(content: InvitationContent, origin: string): Promise<InvitationResponse> {
    const link = invitationLink(origin, content);
    const phone = content.inviteePhone;
    // Twilio takes E.164 only. The form sends it so; an invitation stored before (migration 0015 wrote
    // those it could read) may hold a national number, which is not tried, and the answer says why.
    const textTo = phone ? toE164(phone) : null;
    const [email, sms] = await Promise.all([
      tryChannel(() => deps.mailer.send(invitationEmail(content, link)), deps.deliveryTimeoutMs),
      textTo
        ? tryChannel(
            () => deps.sms.send(invitationSms({ ...content, inviteePhone: textTo }, link)),
            deps.deliveryTimeoutMs,
          )
        : Promise.resolve({
            success: false,
            // No phone: not tried, nothing failed.
            error: phone ? invitationMessages.textNeedsCountryCode : null,
          }),
    ]);
    if (!email.success)
      logger.warn({ invitationId: content.id, error: email.error }, 'invitation e-mail failed');
    if (phone && !sms.success)
      logger.warn({ invitationId: content.id, error: sms.error }, 'invitation SMS failed');
    try {
      await invitations.recordDelivery(db, content.id, { emailSent: email.success, smsSent: sms.success });
    } catch (error) {
      // The answer still tells the sender what happened; only the stored flags are behind.
      logger.error({ err: error, invitationId: content.id }, 'could not record the invitation delivery');
    }
    return { invitationId: content.id, email, sms };
  }

  /** Who may send which kind (spec §6): agents invite clients, sellers invite their agent. */
  function checkSender(user: SessionUser, type: InvitationType) {
    if (type === 'agent-to-client' && user.role !== 'agent')
      throw new ForbiddenError(invitationMessages.agentsOnly);
    if (type === 'client-to-agent' && user.role !== 'client')
      throw new ForbiddenError(invitationMessages.sellersOnly);
  }

  return {
    async create(user: SessionUser, input: NewInvitation, origin: string): Promise<InvitationResponse> {
      checkSender(user, input.type);
      const now = clock();
      const content = await db.transaction(async (tx) => {
        // One inviter at a time: the duplicate check and the trial count see every earlier invitation.
        await invitations.lockKey(tx, `invitation:inviter:${user.id}`);
        await invitations.expireLapsed(tx, user.id, now);
        if (await invitations.findPendingTo(tx, user.id, input.email, now)) {
          throw new HttpError(
            400,
            InvitationErrorCode.alreadySent,
            invitationMessages.alreadySent(input.email),
          );
        }
        const { inviter, agent, branding } = await senderOf(tx, user.id, input.type);
        if (agent?.subscriptionType === 'trial') {
          const used = await invitations.countSentToClients(tx, user.id);
          if (used >= agent.inviteLimit) {
            throw new HttpError(
              403,
              InvitationErrorCode.inviteLimitReached,
              invitationMessages.inviteLimitReached(agent.inviteLimit),
            );
          }
        }
        if (input.email.toLowerCase() === inviter.email.toLowerCase()) {
          throw new ValidationError([{ path: 'email', message: invitationMessages.cannotInviteYourself }]);
        }
        const row = await invitations.insert(tx, {
          type: input.type,
          inviterUserId: user.id,
          inviteeEmail: input.email,
          inviteeName: input.name,
          inviteePhone: input.phoneNumber ?? null,
          expiresAt: expiryFrom(now),
          now,
        });
        await events.publish(tx, {
          type: 'invitation-sent',
          key: row.id,
          data: {
            invitationId: row.id,
            type: row.type,
            inviterUserId: row.inviterUserId,
            inviteeEmail: row.inviteeEmail,
            inviteeName: row.inviteeName,
            inviteePhone: row.inviteePhone,
            expiresAt: row.expiresAt.toISOString(),
          },
        });
        return contentOf(row, inviter, branding);
      });
      return deliver(content, origin);
    },

    /**
     * Sends `invitationId` again, as it was (its link unchanged), for its sender only: a client whose
     * message was lost or never arrived. Its link works for the full lifetime again from now. At
     * most `INVITATION_RESENDS_PER_DAY` resends of one invitation a day, so nobody's phone is
     * flooded; no event (it is the same invitation).
     */
    async resend(user: SessionUser, invitationId: string, origin: string): Promise<InvitationResponse> {
      const now = clock();
      const content = await db.transaction(async (tx) => {
        const invitation = await invitations.findForUpdate(tx, invitationId);
        // Someone else's invitation is as unknown as one that does not exist.
        if (invitation?.inviterUserId !== user.id)
          throw new NotFoundError(invitationMessages.notFound, InvitationErrorCode.notFound);
        if (invitation.status === 'accepted')
          throw new ConflictError(invitationMessages.alreadyAccepted, InvitationErrorCode.accepted);
        if (invitation.status === 'expired' || invitation.expiresAt.getTime() <= now.getTime())
          throw new InvitationExpiredError(invitationMessages.expiredSendNew);
        const limit = await deps.resendLimit.hit(invitation.id);
        if (!limit.allowed)
          throw new RateLimitedError(
            invitationMessages.resendLimitReached(INVITATION_RESENDS_PER_DAY),
            limit.retryAfterSeconds,
          );
        const { inviter, branding } = await senderOf(tx, user.id, invitation.type);
        await invitations.extendExpiry(tx, invitation.id, expiryFrom(now), now);
        return contentOf(invitation, inviter, branding);
      });
      const delivered = await deliver(content, origin);
      // A resend that reached nobody (Gmail not connected yet, Twilio refusing) flooded no one: it
      // does not use one of the day's resends, so the sender can try again once it is fixed.
      if (!delivered.email.success && !delivered.sms.success) {
        await deps.resendLimit.refund(content.id).catch((error: unknown) => {
          logger.warn(
            { err: error, invitationId: content.id },
            'could not take back a resend that reached nobody',
          );
        });
      }
      return delivered;
    },

    /**
     * The invitations `user` sent, newest first; one whose time has passed reads as expired (a read
     * writes nothing: the row is marked when it is next looked at for a send or an acceptance).
     */
    async listSent(user: SessionUser): Promise<SentInvitation[]> {
      const now = clock();
      const rows = await invitations.listSentBy(db, user.id, SENT_INVITATIONS_LISTED);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        name: row.inviteeName,
        email: row.inviteeEmail,
        phoneNumber: row.inviteePhone,
        status: row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status,
        emailSent: row.emailSent,
        smsSent: row.smsSent,
        sentAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        acceptedAt: row.acceptedAt?.toISOString() ?? null,
      }));
    },

    async accept(user: SessionUser, invitationId: string): Promise<AcceptInvitationResponse> {
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const invitation = await invitations.findForUpdate(tx, invitationId);
        if (!invitation) throw new NotFoundError(invitationMessages.notFound, InvitationErrorCode.notFound);
        const acceptorRole = invitation.type === 'client-to-agent' ? 'agent' : 'client';
        if (user.role !== acceptorRole)
          throw new ForbiddenError(invitationMessages.wrongRoleToAccept(invitation.type));
        const acceptor = await invitations.findUser(tx, user.id);
        if (!acceptor) throw new NotFoundError('User not found');
        if (
          invitation.type === 'agent-to-client' &&
          acceptor.email.toLowerCase() !== invitation.inviteeEmail.toLowerCase()
        ) {
          throw new HttpError(
            403,
            InvitationErrorCode.notAddressedToYou,
            invitationMessages.notAddressedToYou,
          );
        }
        if (invitation.status === 'accepted') {
          if (invitation.acceptedByUserId !== user.id) {
            throw new ConflictError(
              invitationMessages.acceptedBySomeoneElse,
              InvitationErrorCode.acceptedBySomeoneElse,
            );
          }
          return { kind: 'accepted' as const, invitation };
        }
        if (invitation.status === 'expired' || invitation.expiresAt.getTime() <= now.getTime()) {
          if (invitation.status !== 'expired') await invitations.markExpired(tx, invitation.id, now);
          return { kind: 'expired' as const };
        }

        const sellerUserId = invitation.type === 'client-to-agent' ? invitation.inviterUserId : user.id;
        const agentUserId = invitation.type === 'client-to-agent' ? user.id : invitation.inviterUserId;
        // One seller's links are decided one at a time, so two agents cannot both win.
        await invitations.lockKey(tx, `invitation:seller:${sellerUserId}`);
        const agent = await invitations.findAgentByUserId(tx, agentUserId);
        if (!agent) {
          throw new ConflictError(
            invitationMessages.agentAccountMissing,
            InvitationErrorCode.agentAccountMissing,
          );
        }
        const linked = await invitations.linkedAgentOf(tx, sellerUserId);
        if (
          (linked && linked !== agent.id) ||
          (await invitations.acceptedWithOtherAgent(tx, sellerUserId, agentUserId))
        ) {
          throw new ConflictError(
            invitationMessages.sellerHasAnotherAgent,
            InvitationErrorCode.sellerHasAnotherAgent,
          );
        }
        const accepted = await invitations.markAccepted(tx, invitation.id, user.id, now);
        await events.publish(tx, {
          type: 'invitation-accepted',
          key: accepted.id,
          data: {
            invitationId: accepted.id,
            type: accepted.type,
            inviterUserId: accepted.inviterUserId,
            acceptedByUserId: user.id,
          },
        });
        return { kind: 'accepted' as const, invitation: accepted };
      });
      // Thrown after the commit, so the invitation stays marked expired.
      if (outcome.kind === 'expired') throw new InvitationExpiredError();
      const { invitation } = outcome;
      return {
        invitationId: invitation.id,
        type: invitation.type,
        status: 'accepted',
        acceptedAt: (invitation.acceptedAt ?? now).toISOString(),
      };
    },
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
