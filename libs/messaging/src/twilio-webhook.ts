import type { MessagingConfig } from './config.ts';

/**
 * The auth token a dev platform's SMS webhook checks signatures against when Twilio is not
 * configured (NODE_ENV other than production): requests signed with it stand for replies typed on
 * the dev mailbox's phone (docs/decisions.md, "Calendar feeds, reminders and SMS replies"). Public
 * on purpose — it opens nothing where a real Twilio account, or production, is in play.
 */
export const DEV_TWILIO_AUTH_TOKEN = 'listready-dev-sms-webhook';

/**
 * Which token signs inbound Twilio webhooks: the account's auth token when Twilio is configured,
 * the dev token when it is not and this is not production, else none (every request refused).
 */
export function webhookAuthToken(
  config: Pick<MessagingConfig, 'TWILIO_AUTH_TOKEN'>,
  nodeEnv: string,
): string | null {
  if (config.TWILIO_AUTH_TOKEN) return config.TWILIO_AUTH_TOKEN;
  return nodeEnv === 'production' ? null : DEV_TWILIO_AUTH_TOKEN;
}

const twilioLibrary = async () => (await import('twilio')).default;

/**
 * Twilio's own check of `X-Twilio-Signature`: HMAC-SHA1 of the URL Twilio called (the public one)
 * and the sorted form parameters, under the auth token.
 */
export async function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): Promise<boolean> {
  if (!signature) return false;
  return (await twilioLibrary()).validateRequest(authToken, signature, url, params);
}

/** A TwiML answer that texts `text` back to the sender (Twilio's MessagingResponse). */
export async function twimlMessage(text: string): Promise<string> {
  const response = new (await twilioLibrary()).twiml.MessagingResponse();
  response.message(text);
  return response.toString();
}

/**
 * The `X-Twilio-Signature` Twilio sends for `params` posted to `url` (Twilio's own computation):
 * how a dev platform's replies are simulated and how tests sign their webhook calls.
 */
export async function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): Promise<string> {
  return (await twilioLibrary()).getExpectedTwilioSignature(authToken, url, params);
}
