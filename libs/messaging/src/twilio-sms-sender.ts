import type { Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { DeliveryError, type SmsSender } from './message.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A sending number (E.164), or a messaging service SID (MG…). */
  from: string;
  /** Another API origin for every request (a proxy, or a fake server in tests). */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

/** Sends SMS through Twilio's REST API (Messages.json) with the `twilio` helper library. */
export function createTwilioSmsSender(settings: TwilioSettings): SmsSender {
  let client: Promise<Twilio> | undefined;
  const twilioClient = () =>
    (client ??= (async () => {
      const { default: twilio } = await import('twilio');
      const baseUrl = settings.baseUrl;
      // Twilio's own request client (form encoding, basic auth, errors), pointed at another origin.
      const httpClient = baseUrl
        ? new (class extends twilio.RequestClient {
            override request<TData>(options: RequestClient.RequestOptions<TData>) {
              const target = new URL(options.uri);
              const base = new URL(baseUrl);
              target.protocol = base.protocol;
              target.host = base.host;
              return super.request({ ...options, uri: target.href });
            }
          })({ timeout: settings.timeoutMs ?? 15_000 })
        : undefined;
      return twilio(settings.accountSid, settings.authToken, {
        timeout: settings.timeoutMs ?? 15_000,
        ...(httpClient ? { httpClient } : {}),
      });
    })());

  return {
    engine: 'twilio',
    async send(message) {
      const sender = settings.from.startsWith('MG')
        ? { messagingServiceSid: settings.from }
        : { from: settings.from };
      try {
        const sent = await (
          await twilioClient()
        ).messages.create({ to: message.to, body: message.body, ...sender });
        return { id: sent.sid };
      } catch (error) {
        throw new DeliveryError('sms', `Twilio did not accept the message: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
  };
}
