import { smsInboundSchema, twimlSchema } from '@listready/contracts';
import { twimlMessage, validTwilioSignature } from '@listready/messaging';
import { HttpError, linkOrigin, type App } from '@listready/service-kit';
import type { SmsReplies } from '../sms/sms-replies.ts';

export const SMS_INBOUND_PATH = '/api/sms/inbound';

/** A request Twilio did not sign with the account's auth token (or, in dev, the dev token). */
export class SmsSignatureError extends HttpError {
  constructor() {
    super(403, 'SMS_SIGNATURE_INVALID', 'The request is not signed by Twilio');
    this.name = 'SmsSignatureError';
  }
}

/**
 * POST /api/sms/inbound: Twilio's webhook for a text to the sending number (issue 19, "Actionable
 * SMS"). Public, but only a request carrying a valid `X-Twilio-Signature` for the address Twilio
 * called (PUBLIC_URL + path and query) gets past the check — before the body is validated, so an
 * unsigned caller learns nothing (403). The answer is TwiML, whose message Twilio texts back.
 */
export function smsRoutes(
  app: App,
  deps: { replies: SmsReplies; authToken: string | null; publicUrl: string | undefined },
): void {
  void app.register(async (plugin) => {
    const scope = plugin as unknown as App;
    // Twilio posts application/x-www-form-urlencoded; only this route reads that.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.post(
      SMS_INBOUND_PATH,
      {
        config: { mediaTypes: { request: 'application/x-www-form-urlencoded', response: 'text/xml' } },
        preValidation: async (request) => {
          const signature = request.headers['x-twilio-signature'];
          const body = request.body;
          const params =
            body && typeof body === 'object' && !Array.isArray(body)
              ? Object.fromEntries(
                  Object.entries(body as Record<string, unknown>).filter(
                    (entry): entry is [string, string] => typeof entry[1] === 'string',
                  ),
                )
              : {};
          const url = `${linkOrigin(request, deps.publicUrl)}${request.url}`;
          const valid =
            deps.authToken !== null &&
            typeof signature === 'string' &&
            (await validTwilioSignature(deps.authToken, signature, url, params));
          if (!valid) throw new SmsSignatureError();
        },
        schema: { body: smsInboundSchema, response: { 200: twimlSchema } },
      },
      async (request, reply) => {
        const { MessageSid, From, Body } = request.body;
        const answer = await deps.replies.reply({ messageSid: MessageSid, from: From, body: Body });
        return reply
          .header('content-type', 'text/xml; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(await twimlMessage(answer));
      },
    );
  });
}
