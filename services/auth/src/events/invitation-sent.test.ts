import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  authProcessedEvents,
  invitationDeadLetters,
  invitationOutbox,
  invitationProcessedEvents,
} from '@listready/db';
import { createEventBus, createInProcessTransport, InProcessBus, type EventBus } from '@listready/events';
import { SESSION_COOKIE } from '@listready/service-kit';
import { useTestDatabase } from '@listready/testing';
import { newRegistration, sessionCookieOf, startTestAuthService } from '../testing/test-auth-service.ts';

describe('invitation-sent counts an agent’s invitations in invitesUsed', () => {
  const database = useTestDatabase();
  let auth: Awaited<ReturnType<typeof startTestAuthService>>;
  /** services/invitation's side: its outbox and relay on auth's transport. */
  let invitationEvents: EventBus;
  const bus = new InProcessBus();
  beforeAll(async () => {
    auth = await startTestAuthService(database.current, {
      deps: { transport: createInProcessTransport({ bus }) },
    });
    await auth.service.start();
    invitationEvents = createEventBus({
      database: database.current,
      transport: createInProcessTransport({ bus }),
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
    await auth.stop();
  });

  const register = async (role: 'agent' | 'client') => {
    const response = await auth.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newRegistration({ role }),
    });
    expect(response.statusCode).toBe(201);
    return { id: response.json<{ id: string }>().id, cookie: sessionCookieOf(response) };
  };
  const sent = (type: 'agent-to-client' | 'client-to-agent', inviterUserId: string, invitationId: string) =>
    database.current.db.transaction((tx) =>
      invitationEvents.publish(tx, {
        type: 'invitation-sent',
        key: invitationId,
        data: {
          invitationId,
          type,
          inviterUserId,
          inviteeEmail: `invitee-${invitationId}@example.com`,
          inviteeName: 'Pat Invitee',
          inviteePhone: null,
          expiresAt: null,
        },
      }),
    );
  const processed = async (eventId: string) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const [row] = await database.current.db
        .select({ id: authProcessedEvents.eventId })
        .from(authProcessedEvents)
        .where(eq(authProcessedEvents.eventId, eventId));
      if (row) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`event ${eventId} was not processed by auth`);
  };
  const invitesUsed = async (cookie: string) => {
    const response = await auth.app.inject({
      url: '/api/agents/current',
      cookies: { [SESSION_COOKIE]: cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ invitesUsed: number }>().invitesUsed;
  };

  it('each agent-to-client invitation counts once; a redelivery and a seller’s invitation do not', async () => {
    const agent = await register('agent');
    const seller = await register('client');
    expect(await invitesUsed(agent.cookie)).toBe(0);

    const first = await sent('agent-to-client', agent.id, crypto.randomUUID());
    const second = await sent('agent-to-client', agent.id, crypto.randomUUID());
    const fromSeller = await sent('client-to-agent', seller.id, crypto.randomUUID());
    for (const event of [first, second, fromSeller]) await processed(event.id);
    // The first event delivered again, as a transport may after a crash: it counts nothing twice.
    await bus.send(
      [{ topic: 'invitation-sent', key: first.key, value: JSON.stringify(first), headers: {} }],
      {},
    );

    expect(await invitesUsed(agent.cookie)).toBe(2);
  });
});
