import { startAnalyticsService } from '@listready/analytics-service';
import { startAuthService } from '@listready/auth-service';
import { startBrandingService } from '@listready/branding-service';
import { startInvitationService } from '@listready/invitation-service';
import { startJourneyService } from '@listready/journey-service';
import type { ServiceName } from '@listready/gateway';
import type { App, InProcessContext } from '@listready/service-kit';

/** What the runtime hands every service it starts in its process. */
export type PlatformContext = InProcessContext;

export interface StartedService {
  app: App;
  /** Stops background work (relays, consumers) and closes the app. */
  stop(): Promise<void>;
}

/** The services `npm start` runs, in start order. Each issue that adds a service adds it here. */
export const SERVICES: ReadonlyArray<{
  name: ServiceName;
  start(context: PlatformContext): Promise<StartedService>;
}> = [
  // Accounts, sessions, password reset. Its cache (no REDIS_URL) and event transport (no
  // KAFKA_BROKERS) are the process-wide in-memory ones, shared with the other services here.
  { name: 'auth', start: startAuthService },
  // Stages, tasks, progress, custom tasks, clients, agent stats; consumes auth's user-registered.
  { name: 'journey', start: startJourneyService },
  // Invitations both ways, their e-mail and SMS (dev mailbox unless Gmail/Twilio are set) and
  // acceptance; journey consumes its invitation-accepted to link the seller to the agent.
  { name: 'invitation', start: startInvitationService },
  // Agents' white-label branding and logos (stored in Postgres), and the branding pages wear.
  { name: 'branding', start: startBrandingService },
  // Usage events from the browser's tracker; consumes the others' domain events for the agent's view.
  { name: 'analytics', start: startAnalyticsService },
];
