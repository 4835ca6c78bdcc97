import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDeadLetters, analyticsProcessedEvents, journeyOutbox } from '@listready/db';
import { eventually, recordStatements, useTestDatabase, type StatementRecording } from '@listready/testing';
import { createEventBus } from './event-bus.ts';
import { createInProcessTransport, InProcessBus } from './in-process-transport.ts';
import { OutboxRelay } from './relay.ts';
import { taskCompletedData as data } from './testing/task-completed-data.ts';

/**
 * What the event backbone costs the database per event (issue #16 item 5): under load the relay
 * runs a batch for nearly every event and each consumer a transaction per event, so each of their
 * statements is paid once per event.
 */
describe('the statements of an event’s way through the backbone', () => {
  const database = useTestDatabase();
  const logger = pino({ level: 'silent' });
  let recording: StatementRecording;
  beforeAll(() => {
    recording = recordStatements();
  });
  afterAll(() => {
    recording.stop();
  });

  /** The journey's event bus on an in-process transport (no relay runs until one is started). */
  function journeyBus() {
    const transport = createInProcessTransport({ bus: new InProcessBus() });
    const bus = createEventBus({
      database: database.current,
      transport,
      service: 'journey',
      outbox: journeyOutbox,
      logger,
    });
    return { transport, bus };
  }

  /** Publishes `count` task-completed events on the journey's outbox, each once the previous one is published. */
  async function publishOneByOne(bus: ReturnType<typeof createEventBus>, count: number) {
    const { db } = database.current;
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const event = await db.transaction((tx) =>
        bus.publish(tx, { type: 'task-completed', key: `client-${index}`, data }),
      );
      ids.push(event.id);
      await eventually(async () => {
        const rows = await db
          .select({ publishedAt: journeyOutbox.publishedAt })
          .from(journeyOutbox)
          .where(inArray(journeyOutbox.id, ids));
        return rows.length === ids.length && rows.every((row) => row.publishedAt !== null);
      });
    }
  }

  it('a batch is four statements, the select and the update named (parsed once per connection)', async () => {
    const { transport, bus } = journeyBus();
    const relay = new OutboxRelay({
      database: database.current,
      transport,
      outbox: journeyOutbox,
      service: 'journey',
      logger,
    });
    recording.clear();
    relay.start();
    try {
      // One at a time: one batch per event.
      await publishOneByOne(bus, 3);
    } finally {
      await relay.stop();
    }
    const sent = recording.sent.filter((statement) => statement.application === 'listready-relay-journey');

    // The session: its lock, LISTEN, and the commit setting once (not a `set local` per batch).
    expect(
      sent
        .filter((statement) => /synchronous_commit/.test(statement.text))
        .map((statement) => statement.text),
    ).toEqual(['set synchronous_commit = off']);
    // Each batch that found rows: begin, the named select, the named update, commit.
    const verbs = sent.map((statement) => statement.text.trim().split(/\s+/)[0]?.toLowerCase());
    const updates = sent.filter((_statement, index) => verbs[index] === 'update');
    expect(updates.length).toBeGreaterThanOrEqual(3);
    for (const update of updates) {
      const at = sent.indexOf(update);
      expect(sent.slice(at - 2, at + 2).map((statement) => statement.name ?? statement.text)).toEqual([
        'begin',
        'relay_unpublished_journey',
        'relay_mark_published_journey',
        'commit',
      ]);
    }
    // Every select of the outbox, the empty polls too, is the named one.
    const selects = sent.filter(
      (_statement, index) => verbs[index] === 'select' && /outbox/.test(sent[index]?.text ?? ''),
    );
    expect(selects.every((statement) => statement.name === 'relay_unpublished_journey')).toBe(true);
  });

  it('a publish writes the outbox row with a named statement, in the caller’s transaction', async () => {
    const { bus } = journeyBus();
    const { db } = database.current;
    recording.clear();
    const published = await db.transaction((tx) =>
      bus.publish(tx, { type: 'task-completed', key: 'client-named', data }),
    );
    const inserts = recording.sent.filter((statement) =>
      /^insert into "journey"\."outbox"/i.test(statement.text),
    );
    expect(inserts.map((statement) => statement.name)).toEqual(['events_outbox_insert_journey']);
    const [row] = await db
      .select({ envelope: journeyOutbox.envelope, key: journeyOutbox.key, headers: journeyOutbox.headers })
      .from(journeyOutbox)
      .where(inArray(journeyOutbox.id, [published.id]));
    expect(row).toEqual({ envelope: published, key: 'client-named', headers: expect.any(Object) });
    // No relay runs here: the row goes, so that the next test's relay does not send it.
    await db.delete(journeyOutbox).where(inArray(journeyOutbox.id, [published.id]));
    // Rolled back with its transaction, as before: the event exists only if the change commits.
    const rolledBack = await db
      .transaction(async (tx) => {
        const event = await bus.publish(tx, { type: 'task-completed', key: 'client-undone', data });
        tx.rollback();
        return event;
      })
      .catch(() => undefined);
    expect(rolledBack).toBeUndefined();
    expect(
      await db
        .select()
        .from(journeyOutbox)
        .where(inArray(journeyOutbox.key, ['client-undone'])),
    ).toEqual([]);
  });

  it('a consumer records the event processed with a named statement (parsed once per connection)', async () => {
    const transport = createInProcessTransport({ bus: new InProcessBus() });
    const common = { database: database.current, transport, logger };
    const analytics = createEventBus({
      ...common,
      service: 'analytics',
      processedEvents: analyticsProcessedEvents,
      deadLetters: analyticsDeadLetters,
    });
    let applied = 0;
    analytics.subscribe('task-completed', async () => {
      applied += 1;
    });
    const journey = createEventBus({ ...common, service: 'journey', outbox: journeyOutbox });
    await analytics.start();
    await journey.start();
    recording.clear();
    try {
      await publishOneByOne(journey, 3);
    } finally {
      await journey.stop();
      await analytics.stop();
    }
    expect(applied).toBe(3);
    const records = recording.sent.filter((statement) => /processed_events/.test(statement.text));
    expect(records).toHaveLength(3);
    expect(records.every((statement) => statement.name === 'events_record_processed_analytics')).toBe(true);
  });
});
