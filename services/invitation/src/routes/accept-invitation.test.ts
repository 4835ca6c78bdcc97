import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  acceptInvitationResponseSchema,
  invitationResponseSchema,
  type DomainEvent,
} from '@listready/contracts';
import { clients, invitations } from '@listready/db';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  must,
  startEventProbe,
  startTestInvitationService,
  type TestInvitationService,
  type TestUser,
} from '../testing/test-invitation-service.ts';

const database = useTestDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /api/accept-invitation', () => {
  let service: TestInvitationService;
  let probe: Awaited<ReturnType<typeof startEventProbe>>;
  beforeAll(async () => {
    service = await startTestInvitationService(database.current);
    probe = await startEventProbe(database.current, service.transport, ['invitation-accepted']);
  });
  afterAll(async () => {
    await probe.stop();
    await service.stop();
  });
  afterEach(() => service.setNow(null));

  let sequence = 0;
  const newAddress = () => `accept-${Date.now()}-${++sequence}@example.com`;
  const invite = async (
    inviter: TestUser,
    type: 'agent-to-client' | 'client-to-agent',
    email = newAddress(),
  ) => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/invitations',
      payload: { name: 'Invitee', email, type },
      ...as(inviter),
    });
    expect(response.statusCode).toBe(200);
    return invitationResponseSchema.parse(response.json()).invitationId;
  };
  const accept = (user: TestUser | null, invitationId: unknown) =>
    service.app.inject({
      method: 'POST',
      url: '/api/accept-invitation',
      payload: { invitationId },
      ...(user ? as(user) : {}),
    });
  const rowOf = async (id: string) =>
    must((await database.current.db.select().from(invitations).where(eq(invitations.id, id)))[0]);
  const acceptedEventsOf = (invitationId: string) =>
    probe.received.filter(
      (event): event is DomainEvent<'invitation-accepted'> =>
        event.type === 'invitation-accepted' && event.key === invitationId,
    );

  it('answers 401 signed out and 400 without an id', async () => {
    expect((await accept(null, 'x')).statusCode).toBe(401);
    const agent = await service.signUp('agent');
    const response = await accept(agent, '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invitation ID is required' });
  });

  it('an agent accepts a seller’s invitation: accepted, and invitation-accepted published once', async () => {
    const seller = await service.signUp('client');
    const agent = await service.signUp('agent');
    const invitationId = await invite(seller, 'client-to-agent');
    const response = await accept(agent, invitationId);
    expect(response.statusCode).toBe(200);
    const body = acceptInvitationResponseSchema.parse(response.json());
    expect(body).toMatchObject({ invitationId, type: 'client-to-agent', status: 'accepted' });
    expect(await rowOf(invitationId)).toMatchObject({ status: 'accepted', acceptedByUserId: agent.userId });
    await eventually(() => acceptedEventsOf(invitationId).length === 1);
    expect(acceptedEventsOf(invitationId)[0]?.data).toEqual({
      invitationId,
      type: 'client-to-agent',
      inviterUserId: seller.userId,
      acceptedByUserId: agent.userId,
    });

    // Twice is harmless: the same answer, no second event.
    const again = await accept(agent, invitationId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(acceptedEventsOf(invitationId)).toHaveLength(1);

    // Someone else cannot take it over.
    const otherAgent = await service.signUp('agent');
    const taken = await accept(otherAgent, invitationId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'INVITATION_ALREADY_ACCEPTED' });
  });

  it('refuses the wrong role with 403 (either direction)', async () => {
    const seller = await service.signUp('client');
    const otherSeller = await service.signUp('client');
    const agent = await service.signUp('agent');
    const toAgent = await invite(seller, 'client-to-agent');
    const bySeller = await accept(otherSeller, toAgent);
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json()).toMatchObject({ message: 'Only an agent account can accept this invitation' });
    const toClient = await invite(agent, 'agent-to-client');
    const byAgent = await accept(await service.signUp('agent'), toClient);
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json()).toMatchObject({
      message: 'Only a home seller account can accept this invitation',
    });
    expect((await rowOf(toAgent)).status).toBe('pending');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await accept(await service.signUp('agent'), crypto.randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' });
  });

  it('answers 410 after 30 days and marks the invitation expired', async () => {
    const seller = await service.signUp('client');
    const invitationId = await invite(seller, 'client-to-agent');
    service.setNow(new Date(Date.now() + 30 * DAY_MS + 60_000));
    const response = await accept(await service.signUp('agent'), invitationId);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation has expired. Ask for a new one.',
    });
    expect(await rowOf(invitationId)).toMatchObject({ status: 'expired', acceptedAt: null });
    service.setNow(null);
    expect((await accept(await service.signUp('agent'), invitationId)).statusCode).toBe(410);
  });

  it('answers 409 when the seller is already linked to another agent, and leaves the invitation pending', async () => {
    const firstAgent = await service.signUp('agent');
    const seller = await service.signUp('client', { linkedAgentId: must(firstAgent.agentId) });
    const invitationId = await invite(seller, 'client-to-agent');
    const response = await accept(await service.signUp('agent'), invitationId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SELLER_HAS_ANOTHER_AGENT',
      message: 'This home seller is already linked to another agent',
    });
    expect((await rowOf(invitationId)).status).toBe('pending');
    // The agent already linked may still accept (nothing switches).
    expect((await accept(firstAgent, invitationId)).statusCode).toBe(200);
  });

  it('answers 409 for a second agent before journey has applied the first link', async () => {
    const seller = await service.signUp('client');
    const first = await invite(seller, 'client-to-agent');
    const second = await invite(seller, 'client-to-agent');
    const [one, two] = await Promise.all([
      accept(await service.signUp('agent'), first),
      accept(await service.signUp('agent'), second),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const [stillUnlinked] = await database.current.db
      .select()
      .from(clients)
      .where(eq(clients.userId, seller.userId));
    expect(stillUnlinked?.agentId).toBeNull();
  });

  it('a seller signed in with the invited address accepts an agent’s invitation', async () => {
    const agent = await service.signUp('agent');
    const email = newAddress();
    const invitationId = await invite(agent, 'agent-to-client', email);
    const stranger = await service.signUp('client');
    const wrongAddress = await accept(stranger, invitationId);
    expect(wrongAddress.statusCode).toBe(403);
    expect(wrongAddress.json()).toMatchObject({ code: 'INVITATION_NOT_FOR_YOU' });

    const seller = await service.signUp('client', { email: email.toUpperCase() });
    const response = await accept(seller, invitationId);
    expect(response.statusCode).toBe(200);
    expect(acceptInvitationResponseSchema.parse(response.json())).toMatchObject({
      invitationId,
      type: 'agent-to-client',
      status: 'accepted',
    });
    expect(await rowOf(invitationId)).toMatchObject({ status: 'accepted', acceptedByUserId: seller.userId });
    await eventually(() => acceptedEventsOf(invitationId).length === 1);
    expect(acceptedEventsOf(invitationId)[0]?.data).toMatchObject({
      inviterUserId: agent.userId,
      acceptedByUserId: seller.userId,
    });
    expect((await accept(seller, invitationId)).statusCode).toBe(200);
  });

  it('refuses a seller linked to another agent an agent’s invitation (409)', async () => {
    const current = await service.signUp('agent');
    const email = newAddress();
    const seller = await service.signUp('client', { email, linkedAgentId: must(current.agentId) });
    const invitationId = await invite(await service.signUp('agent'), 'agent-to-client', email);
    const response = await accept(seller, invitationId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SELLER_HAS_ANOTHER_AGENT' });
  });
});
