import { analyticsDeadLetters, analyticsOutbox, analyticsProcessedEvents } from './analytics.ts';
import { authDeadLetters, authOutbox, authProcessedEvents } from './auth.ts';
import { brandingDeadLetters, brandingOutbox, brandingProcessedEvents } from './branding.ts';
import { invitationDeadLetters, invitationOutbox, invitationProcessedEvents } from './invitation.ts';
import { journeyDeadLetters, journeyOutbox, journeyProcessedEvents } from './journey.ts';

/** Each service's event tables, in its own schema: what its event bus publishes and records to. */
export const serviceEventTables = {
  auth: { outbox: authOutbox, processedEvents: authProcessedEvents, deadLetters: authDeadLetters },
  journey: {
    outbox: journeyOutbox,
    processedEvents: journeyProcessedEvents,
    deadLetters: journeyDeadLetters,
  },
  invitation: {
    outbox: invitationOutbox,
    processedEvents: invitationProcessedEvents,
    deadLetters: invitationDeadLetters,
  },
  branding: {
    outbox: brandingOutbox,
    processedEvents: brandingProcessedEvents,
    deadLetters: brandingDeadLetters,
  },
  analytics: {
    outbox: analyticsOutbox,
    processedEvents: analyticsProcessedEvents,
    deadLetters: analyticsDeadLetters,
  },
} as const;
export type ServiceName = keyof typeof serviceEventTables;
