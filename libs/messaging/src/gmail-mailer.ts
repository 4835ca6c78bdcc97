import type { gmail_v1 } from 'googleapis';
import { createGoogleOAuth2Client } from './google-oauth.ts';
import { buildMimeMessage, toBase64Url } from './mime-message.ts';
import { DeliveryError, type Mailer } from './message.ts';

export interface GmailSettings {
  clientId: string;
  clientSecret: string;
  /** A refresh token of the sending account (gmail.send scope), from the operator's OAuth setup. */
  refreshToken: string;
  from?: string | undefined;
  /** Another API root (a proxy, or a fake server in tests); default https://gmail.googleapis.com/ */
  rootUrl?: string | undefined;
  /** Another OAuth token endpoint; default https://oauth2.googleapis.com/token */
  tokenUrl?: string | undefined;
  timeoutMs?: number | undefined;
}

/**
 * Sends through the Gmail API (`users.messages.send`) as the account of the refresh token: the
 * OAuth2 client trades the refresh token for an access token (and renews it when it expires), the
 * message goes as a base64url RFC 2822 `raw`. googleapis loads on first use (it is large).
 */
export function createGmailMailer(settings: GmailSettings): Mailer {
  let client: Promise<gmail_v1.Gmail> | undefined;
  const gmail = () =>
    (client ??= (async () => {
      const { google } = await import('googleapis');
      const auth = await createGoogleOAuth2Client(settings);
      auth.setCredentials({ refresh_token: settings.refreshToken });
      return google.gmail({
        version: 'v1',
        auth,
        timeout: settings.timeoutMs ?? 15_000,
        ...(settings.rootUrl
          ? { rootUrl: settings.rootUrl.endsWith('/') ? settings.rootUrl : `${settings.rootUrl}/` }
          : {}),
      });
    })());

  return {
    engine: 'gmail',
    async send(message) {
      const raw = toBase64Url(await buildMimeMessage({ ...message, from: settings.from }));
      try {
        const response = await (await gmail()).users.messages.send({ userId: 'me', requestBody: { raw } });
        return { id: response.data.id ?? '' };
      } catch (error) {
        throw new DeliveryError('email', `Gmail did not accept the message: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
  };
}

/** What Gmail delivery says while the Google client is set but no account is connected yet. */
export const GMAIL_NOT_CONNECTED =
  'Gmail is not connected yet: an agent authorises the sending account at /google-setup and the operator stores the token as GOOGLE_REFRESH_TOKEN';

/** The mailer between setting the Google client and storing its refresh token: every send fails, saying why. */
export function gmailAwaitingConnection(): Mailer {
  return {
    engine: 'gmail',
    async send() {
      throw new DeliveryError('email', GMAIL_NOT_CONNECTED);
    },
  };
}
