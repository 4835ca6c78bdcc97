import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  clientTasks,
  invitationDeadLetters,
  invitationOutbox,
  invitationProcessedEvents,
  journeyProcessedEvents,
} from '@listready/db';
import { createEventBus, type EventBus } from '@listready/events';
import { useTestDatabase } from '@listready/testing';
import {
  as,
  eventually,
  must,
  startTestJourneyService,
  type TestJourneyService,
  type TestUser,
} from '../testing/test-journey-service.ts';

describe('invitation-accepted links the seller to the agent', () => {
  const database = useTestDatabase();
  let journey: TestJourneyService;
  /** services/invitation's side: its outbox and relay on journey's test transport. */
  let invitationEvents: EventBus;
  beforeAll(async () => {
    journey = await startTestJourneyService(database.current);
    invitationEvents = createEventBus({
      database: database.current,
      transport: journey.transport,
      service: 'invitation',
      logger: pino({ level: 'silent' }),
      outbox: invitationOutbox,
      processedEvents: invitationProcessedEvents,
      deadLetters: invitationDeadLetters,
    });
    await invitationEvents.start();
  });
  afterAll(async () => {
    await invitationEvents.stop();
    await journey.stop();
  });

  const accepted = (data: {
    type: 'client-to-agent' | 'agent-to-client';
    inviterUserId: string;
    acceptedByUserId: string;
  }) => {
    const invitationId = crypto.randomUUID();
    return database.current.db.transaction(async (tx) =>
      invitationEvents.publish(tx, {
        type: 'invitation-accepted',
        key: invitationId,
        data: { invitationId, ...data },
      }),
    );
  };
  const agentIdOf = async (seller: TestUser) => (await journey.clientOf(seller.userId))?.agentId;

  it('an agent accepting a seller’s invitation becomes the seller’s agent (the banner shows them)', async () => {
    const seller = await journey.signUp('client');
    const agent = await journey.signUp('agent', { firstName: 'Alex', lastName: 'Agent', phone: '555-0142' });
    const event = await accepted({
      type: 'client-to-agent',
      inviterUserId: seller.userId,
      acceptedByUserId: agent.userId,
    });
    await eventually(async () => (await agentIdOf(seller)) === agent.agentId);
    const profile = await journey.app.inject({ url: '/api/clients/current/profile', ...as(seller) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ agent: { name: 'Alex Agent', email: agent.email } });

    // The same acceptance announced again changes nothing.
    await database.current.db.transaction(async (tx) =>
      invitationEvents.publish(tx, { type: 'invitation-accepted', key: event.key, data: event.data }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await agentIdOf(seller)).toBe(agent.agentId);
  });

  it('a seller who signed up through an agent’s invitation gets a journey and the agent, before user-registered', async () => {
    const agent = await journey.signUp('agent');
    const seller = await journey.signUp('client', {}, { announce: false });
    expect(await journey.clientOf(seller.userId)).toBeUndefined();
    await accepted({ type: 'agent-to-client', inviterUserId: agent.userId, acceptedByUserId: seller.userId });
    await eventually(async () => (await agentIdOf(seller)) === agent.agentId);
    const client = must(await journey.clientOf(seller.userId));
    const tasks = await database.current.db
      .select()
      .from(clientTasks)
      .where(eq(clientTasks.clientId, client.id));
    expect(tasks.length).toBeGreaterThan(0);
  });

  it('never switches a seller already linked to another agent', async () => {
    const seller = await journey.signUp('client');
    const first = await journey.signUp('agent');
    const second = await journey.signUp('agent');
    await accepted({ type: 'client-to-agent', inviterUserId: seller.userId, acceptedByUserId: first.userId });
    await eventually(async () => (await agentIdOf(seller)) === first.agentId);
    const late = await accepted({
      type: 'client-to-agent',
      inviterUserId: seller.userId,
      acceptedByUserId: second.userId,
    });
    await eventually(async () => {
      const [row] = await database.current.db
        .select({ id: journeyProcessedEvents.eventId })
        .from(journeyProcessedEvents)
        .where(eq(journeyProcessedEvents.eventId, late.id));
      return row !== undefined;
    });
    expect(await agentIdOf(seller)).toBe(first.agentId);
  });
});
