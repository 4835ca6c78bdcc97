import type { Logger } from 'pino';
import { authMessages } from '@listready/contracts';
import type { Database } from '@listready/db';
import type { Transport } from '@listready/events';
import { createDevMailbox, createMailer, type Mailer } from '@listready/messaging';
import { createServiceRuntime, limitPerIp, type App, type Cache } from '@listready/service-kit';
import { createAccounts } from './accounts/accounts.ts';
import { createAgentRepository } from './accounts/agent-repository.ts';
import { createBackgroundWork } from './background-work.ts';
import { systemClock, type Clock } from './clock.ts';
import type { AuthConfig } from './config.ts';
import { consumeInvitationSent } from './events/invitation-sent.ts';
import { createPasswordReset } from './password-reset/password-reset.ts';
import { createKnownDevices } from './rate-limit/known-devices.ts';
import { createLoginLimiter, type LoginLimits } from './rate-limit/login-limiter.ts';
import { agentRoutes } from './routes/agents.ts';
import { currentUserRoutes } from './routes/current-user.ts';
import { notificationSettingsRoutes } from './routes/notification-settings.ts';
import { devMailboxRoutes } from './routes/dev-mailbox.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { registrationRoutes } from './routes/registration.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { signInRoutes } from './routes/sign-in.ts';
import { createNewDeviceNotices } from './sessions/new-device-notice.ts';
import { createSessionManager } from './sessions/session-manager.ts';
import {
  createPasswordHasher,
  type PasswordHasher,
  type ScryptParameters,
} from './users/password-hashing.ts';
import { createUserRepository } from './users/user-repository.ts';

export interface AuthServiceDeps {
  config: AuthConfig;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Default: Redis when REDIS_URL, else the process-wide memory cache. */
  cache?: Cache;
  /** Default: Kafka when KAFKA_BROKERS, else the process-wide in-process bus. */
  transport?: Transport;
  /** Default: Gmail when the Google variables are set, else the dev mailbox. */
  mailer?: Mailer;
  clock?: Clock;
  passwordHashing?: ScryptParameters;
  /** The password hasher (default: scrypt with `passwordHashing`); tests count its calls. */
  hasher?: PasswordHasher;
  loginLimits?: LoginLimits;
}

export interface AuthService {
  app: App;
  /** Starts background work (the outbox relay). Listening is the caller's (server.ts, runtime). */
  start(): Promise<void>;
  /** Stops the relay, lets mails in flight (reset links, notices) finish, closes the app and what it opened. */
  stop(): Promise<void>;
  /**
   * Resolves once the mails already asked for (reset links, sign-in notices) are handed to the
   * mailer and the sessions' last use is written.
   */
  settled(): Promise<void>;
}

/** services/auth: accounts, sessions, password reset, profile (issue "Accounts"). */
export async function buildAuthService(deps: AuthServiceDeps): Promise<AuthService> {
  const { config, database } = deps;
  const { db } = database;
  const clock = deps.clock ?? systemClock;
  const production = config.NODE_ENV === 'production';
  const mailer = deps.mailer ?? createMailer({ config, database });
  const runtime = await createServiceRuntime({ ...deps, name: 'auth' });
  const { app, events, cache, codec, sessionStore, logger } = runtime;

  const users = createUserRepository(db);
  const agents = createAgentRepository(db);
  const hasher = deps.hasher ?? createPasswordHasher(deps.passwordHashing);
  const limiter = createLoginLimiter(cache, deps.loginLimits);
  const knownDevices = createKnownDevices(deps.sessionSecret, { secure: production });
  const sessions = createSessionManager({ db, codec, store: sessionStore, clock, secureCookies: production });
  const accounts = createAccounts({ db, mailer, users, agents, hasher, limiter, events, logger });
  const passwordReset = createPasswordReset({
    db,
    users,
    sessions,
    hasher,
    limiter,
    mailer,
    cache,
    clock,
    logger,
  });
  const notices = createNewDeviceNotices({ mailer, logger });
  // A signed-in request to auth (every page's session check among them) notes its session in use,
  // after the answer and without holding it up: "Where you're signed in" says when each was last.
  const activity = createBackgroundWork(logger);
  app.addHook('onResponse', async (request) => {
    const user = request.user;
    if (user)
      activity.run(() => sessions.touch(user.sessionId), 'session use not noted', { userId: user.id });
  });
  /** The mails already asked for (reset links, notices) handed to the mailer, and the notes of use. */
  const settled = async () => {
    await Promise.all([passwordReset.settled(), notices.settled(), activity.settled()]);
  };
  runtime.beforeClose(settled);

  const hour = 60 * 60;
  registrationRoutes(app, {
    accounts,
    sessions,
    knownDevices,
    limitPerIp: limitPerIp(cache, {
      name: 'sign-ups:ip',
      points: config.AUTH_SIGNUPS_PER_IP_PER_HOUR,
      windowSeconds: hour,
      message: authMessages.tooManySignUps,
    }),
  });
  signInRoutes(app, { accounts, sessions, knownDevices, notices, clock, publicUrl: config.PUBLIC_URL });
  sessionRoutes(app, { sessions });
  currentUserRoutes(app, { users, accounts });
  notificationSettingsRoutes(app, { users });
  passwordResetRoutes(app, {
    passwordReset,
    publicUrl: config.PUBLIC_URL,
    limitPerIp: limitPerIp(cache, {
      name: 'password-resets:ip',
      points: config.AUTH_RESETS_PER_IP_PER_HOUR,
      windowSeconds: hour,
      message: authMessages.tooManyResetRequests,
    }),
  });
  agentRoutes(app, { agents });
  consumeInvitationSent(events, clock);
  if (!production) devMailboxRoutes(app, { mailbox: createDevMailbox(database) });

  return { ...runtime, settled };
}
