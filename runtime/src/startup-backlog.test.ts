import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { serviceEventTables } from '@listready/db';
import { createEventBus, createInProcessTransport, InProcessBus } from '@listready/events';
import { createLogger } from '@listready/service-kit';
import { useTestDatabase, withDatabase } from '@listready/testing';
import { startPlatform, type RunningPlatform } from './platform.ts';

/** Set by the test: resolves once the outboxes' backlog is relayed, or after 3 s. */
let backlogRelayed: () => Promise<void> = async () => undefined;

// analytics, the last service, is slow to build: it waits until the others' relays have sent the
// backlog, or 3 s (a relay drains in a few hundred ms). When each service started as soon as it was
// built, auth's and journey's relays sent it meanwhile and analytics' group never had it.
vi.mock('./services.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./services.ts')>();
  return {
    SERVICES: original.SERVICES.map((service) =>
      service.name === 'analytics'
        ? {
            ...service,
            build: async (context: Parameters<typeof service.build>[0]) => {
              await backlogRelayed();
              return service.build(context);
            },
          }
        : service,
    ),
  };
});

/**
 * Events committed but not yet relayed when the process went down wait in the outboxes; the next
 * start relays them. On the in-process transport a message reaches only the consumer groups that
 * exist when it is sent, so this file starts the platform once in a fresh worker (a fresh
 * process-wide bus, as in `npm start`), and every group of every service must still get them.
 */
describe('events left in the outboxes when npm start starts', () => {
  const database = useTestDatabase();
  const logger = createLogger('startup-backlog-test', 'silent');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listready-backlog-'));
  let platform: RunningPlatform | undefined;
  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The service's bus as a request left it: the event is in its outbox, nothing relayed it. */
  const leftOver = (service: 'auth' | 'journey') =>
    createEventBus({
      database: database.current,
      transport: createInProcessTransport({ bus: new InProcessBus() }),
      service,
      logger,
      ...serviceEventTables[service],
    });
  const processed = async (schema: 'journey' | 'analytics') => {
    const result = await database.current.db.execute<{ event_id: string }>(
      sql`select event_id from ${sql.identifier(schema)}.processed_events`,
    );
    return result.rows.map((row) => row.event_id);
  };

  it('reach every consumer group of the process, whichever service starts first', async () => {
    const { db } = database.current;
    // auth's user-registered: journey and analytics consume it; auth starts before both.
    const registered = await leftOver('auth').publish(db, {
      type: 'user-registered',
      key: 'backlog-user',
      data: { userId: 'backlog-user', email: 'b@example.com', firstName: 'B', lastName: 'L', role: 'agent' },
    });
    // journey's task-completed: analytics consumes it, journey's live feed listens to it too.
    const completed = await leftOver('journey').publish(db, {
      type: 'task-completed',
      key: 'backlog-client',
      data: {
        clientId: 'backlog-client',
        taskId: randomUUID(),
        kind: 'custom',
        templateId: null,
        title: 'Left over',
        stageId: null,
        stageName: null,
        actorUserId: null,
        completedAt: new Date().toISOString(),
      },
    });
    backlogRelayed = async () => {
      const unpublished = async () => {
        const result = await db.execute<{ count: number }>(
          sql`select (select count(*) from auth.outbox where published_at is null)
            + (select count(*) from journey.outbox where published_at is null) as count`,
        );
        return Number(result.rows[0]?.count);
      };
      const deadline = Date.now() + 3_000;
      while ((await unpublished()) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    platform = await startPlatform(
      {
        DATA_DIR: dataDir,
        PORT: '0',
        SHELL_DIR: path.join(dataDir, 'no-shell'),
        REMOTES_ROOT: dataDir,
        DATABASE_URL: withDatabase(inject('postgresAdminUrl'), database.current.name),
      },
      logger,
    );
    await expect
      .poll(() => processed('analytics'), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([registered.id, completed.id]));
    expect(await processed('journey')).toContain(registered.id);
  });
});
