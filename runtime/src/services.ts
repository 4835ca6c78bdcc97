import { inProcessAnalyticsService } from '@listready/analytics-service';
import { inProcessAuthService } from '@listready/auth-service';
import { inProcessBrandingService } from '@listready/branding-service';
import { inProcessInvitationService } from '@listready/invitation-service';
import { inProcessJourneyService } from '@listready/journey-service';
import type { ServiceName } from '@listready/gateway';
import type { InProcessContext, RunnableService } from '@listready/service-kit';

/** What the runtime hands every service it starts in its process. */
export type PlatformContext = InProcessContext;

/**
 * The services `npm start` runs, in start order. Each issue that adds a service adds it here.
 * `build` wires a service and registers its consumers; `start` (relay, consumers) comes after.
 */
export const SERVICES: ReadonlyArray<{
  name: ServiceName;
  build(context: PlatformContext): Promise<RunnableService>;
}> = [
  // Accounts, sessions, password reset. Its cache (no REDIS_URL) and event transport (no
  // KAFKA_BROKERS) are the process-wide in-memory ones, shared with the other services here.
  { name: 'auth', build: inProcessAuthService },
  // Stages, tasks, progress, custom tasks, clients, agent stats; consumes auth's user-registered.
  { name: 'journey', build: inProcessJourneyService },
  // Invitations both ways, their e-mail and SMS (dev mailbox unless Gmail/Twilio are set) and
  // acceptance; journey consumes its invitation-accepted to link the seller to the agent.
  { name: 'invitation', build: inProcessInvitationService },
  // Agents' white-label branding and logos (stored in Postgres), and the branding pages wear.
  { name: 'branding', build: inProcessBrandingService },
  // Usage events from the browser's tracker; consumes the others' domain events for the agent's view.
  { name: 'analytics', build: inProcessAnalyticsService },
];
