import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@listready/contracts';
import { journeyDeadLetters, journeyProcessedEvents } from '@listready/db';
import { createEventBus, createInProcessTransport, InProcessBus } from '@listready/events';
import { useTestDatabase } from '@listready/testing';
import { newRegistration, startTestAuthService } from '../testing/test-auth-service.ts';

describe('user-registered delivery', () => {
  const database = useTestDatabase();
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  it('reaches another service’s consumer through auth’s outbox relay', async () => {
    const bus = new InProcessBus();
    const received: DomainEvent<'user-registered'>[] = [];
    let arrived: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // A stand-in for the journey service, which creates the seller's clients row from this event.
    const journey = createEventBus({
      database: database.current,
      transport: createInProcessTransport({ bus }),
      service: 'journey-test',
      logger: pino({ level: 'silent' }),
      processedEvents: journeyProcessedEvents,
      deadLetters: journeyDeadLetters,
      topics: ['user-registered', 'user-registered.dlq'],
    });
    journey.subscribe('user-registered', async (event) => {
      received.push(event);
      arrived();
    });
    await journey.start();
    stops.push(() => journey.stop());

    const auth = await startTestAuthService(database.current, {
      deps: { transport: createInProcessTransport({ bus }) },
    });
    stops.push(auth.stop);
    await auth.service.start();

    const body = newRegistration({ role: 'client', firstName: 'Sam' });
    const response = await auth.app.inject({ method: 'POST', url: '/api/register', payload: body });
    expect(response.statusCode).toBe(201);
    await delivered;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'user-registered',
      producer: 'auth',
      key: response.json<{ id: string }>().id,
      data: { email: body.email, firstName: 'Sam', role: 'client' },
    });
  });
});
