import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import type { Transport } from '@listready/events';
import { createMailer, createSmsSender, type Mailer, type SmsSender } from '@listready/messaging';
import { INVITATION_RESENDS_PER_DAY } from '@listready/contracts';
import { createRateLimit, createServiceRuntime, type App, type Cache } from '@listready/service-kit';
import { systemClock, type Clock } from './clock.ts';
import type { InvitationConfig } from './config.ts';
import { createGoogleSetup, type GoogleOAuthEndpoints } from './google-setup/google-setup.ts';
import { createOAuthStates } from './google-setup/oauth-state.ts';
import { googleSetupRoutes } from './google-setup/routes.ts';
import { createInvitationRepository } from './invitations/invitation-repository.ts';
import { createInvitationService } from './invitations/invitation-service.ts';
import { invitationRoutes } from './routes/invitations.ts';

export interface InvitationServiceDeps {
  config: InvitationConfig;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Default: Redis when REDIS_URL, else the process-wide memory cache. */
  cache?: Cache;
  /** Default: Kafka when KAFKA_BROKERS, else the process-wide in-process bus. */
  transport?: Transport;
  /** Default: Gmail when the Google variables are set, else the dev mailbox. */
  mailer?: Mailer;
  /** Default: Twilio when the Twilio variables are set, else the dev mailbox. */
  smsSender?: SmsSender;
  clock?: Clock;
  /** Google's consent and token endpoints for the mail setup (a fake Google in tests). */
  googleOAuth?: GoogleOAuthEndpoints;
}

export interface InvitationService {
  app: App;
  /** Starts background work (the outbox relay). Listening is the caller's. */
  start(): Promise<void>;
  /** Stops the relay, closes the app and what it opened. */
  stop(): Promise<void>;
}

/** services/invitation: invitations both ways, their delivery and acceptance, the Google mail setup (issue 13). */
export async function buildInvitationService(deps: InvitationServiceDeps): Promise<InvitationService> {
  const { config, database } = deps;
  const mailer = deps.mailer ?? createMailer({ config, database });
  const sms = deps.smsSender ?? createSmsSender({ config, database });
  const runtime = await createServiceRuntime({ ...deps, name: 'invitation' });
  const { app, events, logger, cache } = runtime;

  const invitations = createInvitationService({
    db: database.db,
    invitations: createInvitationRepository(),
    events,
    mailer,
    sms,
    clock: deps.clock ?? systemClock,
    logger,
    deliveryTimeoutMs: config.DELIVERY_TIMEOUT_MS,
    resendLimit: createRateLimit(cache, {
      name: 'invitation:resend',
      points: INVITATION_RESENDS_PER_DAY,
      windowSeconds: 24 * 60 * 60,
    }),
  });

  invitationRoutes(app, { invitations, publicUrl: config.PUBLIC_URL });

  const googleSetup = createGoogleSetup({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    states: createOAuthStates(deps.sessionSecret, deps.clock ?? systemClock),
    endpoints: deps.googleOAuth,
    logger,
  });
  googleSetupRoutes(app, { setup: googleSetup, publicUrl: config.PUBLIC_URL });

  return runtime;
}
