import type { Database } from '@listready/db';
import { MessagingConfigError, missingOfGroup, type MessagingConfig } from './config.ts';
import { createDevMailbox, devMailboxMailer, devMailboxSmsSender } from './dev-mailbox.ts';
import { createGmailMailer, gmailAwaitingConnection } from './gmail-mailer.ts';
import type { Mailer, SmsSender } from './message.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

export * from './config.ts';
export * from './dev-mailbox.ts';
export * from './gmail-mailer.ts';
export * from './google-oauth.ts';
export * from './message.ts';
export * from './mime-message.ts';
export * from './notice-email.ts';
export * from './twilio-sms-sender.ts';
export * from './twilio-webhook.ts';

const GOOGLE_VARIABLES = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN'] as const;
const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

export interface CreateMailerOptions {
  config: MessagingConfig;
  /** Where the dev mailbox lives. */
  database: Pick<Database, 'db'>;
  /** Endpoint overrides (a fake Google in tests). */
  gmail?: { rootUrl?: string; tokenUrl?: string };
}

/**
 * Gmail API when the Google variables are set, the dev mailbox otherwise. Partly set → error at boot,
 * except the Google client without its refresh token: the operator is between creating the client
 * and connecting the sending account (/google-setup needs the client), so e-mail fails with a
 * message saying so rather than going to a mailbox nobody reads in production.
 */
export function createMailer(options: CreateMailerOptions): Mailer {
  const { config } = options;
  const missing = missingOfGroup(config, GOOGLE_VARIABLES);
  if (missing.length === 1 && missing[0] === 'GOOGLE_REFRESH_TOKEN') return gmailAwaitingConnection();
  if (missing.length > 0) throw new MessagingConfigError('Gmail', missing);
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET && config.GOOGLE_REFRESH_TOKEN) {
    return createGmailMailer({
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      refreshToken: config.GOOGLE_REFRESH_TOKEN,
      from: config.MAIL_FROM,
      rootUrl: options.gmail?.rootUrl,
      tokenUrl: options.gmail?.tokenUrl,
    });
  }
  return devMailboxMailer(createDevMailbox(options.database));
}

export interface CreateSmsSenderOptions {
  config: MessagingConfig;
  database: Pick<Database, 'db'>;
  /** Another Twilio API origin (a fake Twilio in tests). */
  twilio?: { baseUrl?: string };
}

/** Twilio when the Twilio variables are set, the dev mailbox otherwise. Partly set → error at boot. */
export function createSmsSender(options: CreateSmsSenderOptions): SmsSender {
  const { config } = options;
  const missing = missingOfGroup(config, TWILIO_VARIABLES);
  if (missing.length > 0) throw new MessagingConfigError('Twilio', missing);
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM) {
    return createTwilioSmsSender({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      from: config.TWILIO_FROM,
      baseUrl: options.twilio?.baseUrl,
    });
  }
  return devMailboxSmsSender(createDevMailbox(options.database));
}
