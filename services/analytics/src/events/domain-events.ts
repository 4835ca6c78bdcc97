import { SERVER_USAGE_EVENTS } from '@listready/contracts';
import type { EventBus } from '@listready/events';
import type { UsageStore } from '../usage/usage-store.ts';

/**
 * Domain events become server-side usage events, each exactly once: the bus records the event id
 * in `analytics.processed_events` in the handler's transaction, and the usage event takes the
 * domain event's id as its own. Each is the usage of the user whose agent should see it: the
 * seller of a completed task or stage, the inviter of an invitation, whoever accepted one, the new
 * account. Personal data (names, addresses) stays in the services that own it.
 */
export function consumeDomainEvents(events: EventBus, deps: { usage: UsageStore }): void {
  const { usage } = deps;

  events.subscribe('task-completed', async (event, tx) => {
    const { data } = event;
    await usage.recordServerEvent(tx, {
      id: event.id,
      event: SERVER_USAGE_EVENTS['task-completed'],
      sellerOfClient: data.clientId,
      timestamp: new Date(data.completedAt),
      properties: {
        source: event.producer,
        clientId: data.clientId,
        taskId: data.taskId,
        taskTitle: data.title,
        kind: data.kind,
        stageId: data.stageId,
        stageName: data.stageName,
        actorUserId: data.actorUserId,
      },
    });
  });

  events.subscribe('stage-completed', async (event, tx) => {
    const { data } = event;
    await usage.recordServerEvent(tx, {
      id: event.id,
      event: SERVER_USAGE_EVENTS['stage-completed'],
      sellerOfClient: data.clientId,
      timestamp: new Date(event.occurredAt),
      properties: {
        source: event.producer,
        clientId: data.clientId,
        stageId: data.stageId,
        stageName: data.stageName,
      },
    });
  });

  events.subscribe('invitation-sent', async (event, tx) => {
    const { data } = event;
    await usage.recordServerEvent(tx, {
      id: event.id,
      event: SERVER_USAGE_EVENTS['invitation-sent'],
      userId: data.inviterUserId,
      timestamp: new Date(event.occurredAt),
      properties: { source: event.producer, invitationId: data.invitationId, type: data.type },
    });
  });

  events.subscribe('invitation-accepted', async (event, tx) => {
    const { data } = event;
    await usage.recordServerEvent(tx, {
      id: event.id,
      event: SERVER_USAGE_EVENTS['invitation-accepted'],
      userId: data.acceptedByUserId,
      timestamp: new Date(event.occurredAt),
      properties: {
        source: event.producer,
        invitationId: data.invitationId,
        type: data.type,
        inviterUserId: data.inviterUserId,
      },
    });
  });

  events.subscribe('user-registered', async (event, tx) => {
    const { data } = event;
    await usage.recordServerEvent(tx, {
      id: event.id,
      event: SERVER_USAGE_EVENTS['user-registered'],
      userId: data.userId,
      timestamp: new Date(event.occurredAt),
      properties: { source: event.producer, role: data.role },
    });
  });
}
