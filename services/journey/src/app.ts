import type { Logger } from 'pino';
import type { Database } from '@listready/db';
import type { Transport } from '@listready/events';
import {
  createMailer,
  createSmsSender,
  webhookAuthToken,
  type Mailer,
  type SmsSender,
} from '@listready/messaging';
import { createServiceRuntime, type App, type Cache } from '@listready/service-kit';
import { createAgentDashboard } from './agents/agent-dashboard.ts';
import { createCalendarFeeds } from './calendar/calendar-feeds.ts';
import { createFeedTokens } from './calendar/feed-tokens.ts';
import { createAgentInsights } from './agents/agent-insights.ts';
import { createClientRepository } from './clients/client-repository.ts';
import { consumeInvitationAccepted } from './clients/invitation-accepted-consumer.ts';
import { consumeUserRegistered } from './clients/user-registered-consumer.ts';
import { systemClock, type Clock } from './clock.ts';
import type { JourneyConfig } from './config.ts';
import { createContentSource } from './content/journey-content.ts';
import { createCustomTaskService } from './custom-tasks/custom-task-service.ts';
import { createGroupService } from './groups/group-service.ts';
import { createJourneyAccess } from './households/journey-access.ts';
import { createEventStreams } from './live/event-stream.ts';
import { createLiveFeed } from './live/live-feed.ts';
import { agentRoutes } from './routes/agents.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { clientTaskRoutes } from './routes/client-tasks.ts';
import { currentClientRoutes } from './routes/current-client.ts';
import { customTaskRoutes } from './routes/custom-tasks.ts';
import { taskReminderRoutes } from './routes/task-reminders.ts';
import { liveRoutes } from './routes/live.ts';
import { smsRoutes } from './routes/sms.ts';
import { userGroupRoutes } from './routes/user-groups.ts';
import { createReminderScheduler } from './reminders/reminder-scheduler.ts';
import { createTaskReminders } from './reminders/task-reminders.ts';
import { createSmsReplies } from './sms/sms-replies.ts';
import { memoizeVerification } from './sessions/memoized-codec.ts';
import { createClientTaskStore } from './tasks/client-task-store.ts';
import { createClientTaskUpdates } from './tasks/client-task-updates.ts';
import { createSellerJourney } from './tasks/seller-journey.ts';

export interface JourneyServiceDeps {
  config: JourneyConfig;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Default: Redis when REDIS_URL, else the process-wide memory cache. */
  cache?: Cache;
  /** Default: Kafka when KAFKA_BROKERS, else the process-wide in-process bus. */
  transport?: Transport;
  clock?: Clock;
  /** Default: Gmail when configured, else the dev mailbox. */
  mailer?: Mailer;
  /** The live feed's consumer group (default: one per process; see `createLiveFeed`). */
  liveGroupId?: string;
  /** Default: Twilio when configured, else the dev mailbox. */
  smsSender?: SmsSender;
}

export interface JourneyService {
  app: App;
  /** Starts background work (outbox relay, consumers, reminder scheduler). Listening is the caller's. */
  start(): Promise<void>;
  /** Stops the relay and the consumer, closes the app and what it opened. */
  stop(): Promise<void>;
}

/** services/journey: stages, tasks, progress, custom tasks, clients, agent stats (issue "Seller journey"). */
export async function buildJourneyService(deps: JourneyServiceDeps): Promise<JourneyService> {
  const { database } = deps;
  const { db } = database;
  const clock = deps.clock ?? systemClock;
  const content = createContentSource(db);
  const runtime = await createServiceRuntime({
    ...deps,
    name: 'journey',
    readiness: {
      content: async () => {
        const loaded = await content();
        return { ok: true, detail: { stages: loaded.stages.length, tasks: loaded.templates.length } };
      },
    },
    // Signature checks remembered per token; revocation is still asked of the store every time.
    wrapCodec: memoizeVerification,
  });
  const { app, events, transport, logger } = runtime;

  const clients = createClientRepository(db);
  const access = createJourneyAccess(db);
  const journey = createSellerJourney({
    db,
    clients,
    store: createClientTaskStore({ database }),
    content,
    clock,
    taskListCacheSize: deps.config.TASK_LIST_CACHE_SIZE,
  });
  const updates = createClientTaskUpdates({ db, clients, access, content, events, clock });
  const customTasks = createCustomTaskService({ db, clients, content, events, clock });
  const dashboard = createAgentDashboard({ db, content, clock });
  const insights = createAgentInsights({
    db,
    content,
    clock,
    stalledAfterDays: deps.config.INSIGHTS_STALLED_AFTER_DAYS,
  });
  const groups = createGroupService({ db, clock });

  currentClientRoutes(app, { journey, access });
  clientTaskRoutes(app, { updates });
  customTaskRoutes(app, { customTasks, access });
  taskReminderRoutes(app, { reminders: createTaskReminders({ db, clock }), access });
  agentRoutes(app, { dashboard, insights });
  userGroupRoutes(app, { groups });
  const live = createLiveFeed({
    db,
    transport,
    logger,
    ...(deps.liveGroupId ? { groupId: deps.liveGroupId } : {}),
  });
  const streams = createEventStreams({
    feed: live,
    heartbeatMs: deps.config.LIVE_HEARTBEAT_MS,
    maxDurationMs: deps.config.LIVE_STREAM_MAX_MS,
  });
  liveRoutes(app, { streams, feed: live, access, dashboard });
  // Open streams end before the app closes (the browsers reconnect elsewhere), then the feed stops.
  app.addHook('preClose', async () => streams.closeAll());
  runtime.beforeClose(() => live.stop());
  calendarRoutes(app, {
    feeds: createCalendarFeeds({ db, tokens: createFeedTokens(deps.sessionSecret) }),
    publicUrl: deps.config.PUBLIC_URL,
  });
  smsRoutes(app, {
    replies: createSmsReplies({ db, clock, updates, customTasks, access, logger }),
    authToken: webhookAuthToken(deps.config, deps.config.NODE_ENV),
    publicUrl: deps.config.PUBLIC_URL,
  });
  consumeUserRegistered(events, { clients, content, clock });
  consumeInvitationAccepted(events, { clients, content, clock, logger });

  const reminders = createReminderScheduler({
    db,
    clock,
    logger,
    mailer: deps.mailer ?? createMailer({ config: deps.config, database }),
    sms: deps.smsSender ?? createSmsSender({ config: deps.config, database }),
    publicUrl: deps.config.PUBLIC_URL,
    intervalMs: deps.config.REMINDER_INTERVAL_MS,
    deliveryTimeoutMs: deps.config.DELIVERY_TIMEOUT_MS,
  });
  runtime.beforeClose(() => reminders.stop());

  return {
    app,
    async start() {
      await runtime.start();
      await live.start();
      reminders.start();
    },
    stop: runtime.stop,
  };
}
