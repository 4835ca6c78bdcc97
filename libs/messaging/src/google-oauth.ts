import type { Auth } from 'googleapis';

export interface GoogleOAuthSettings {
  clientId: string;
  clientSecret: string;
  /** Where Google sends the browser back after consent (must be registered on the client). */
  redirectUri?: string | undefined;
  /** Another consent page; default https://accounts.google.com/o/oauth2/v2/auth */
  authUrl?: string | undefined;
  /** Another OAuth token endpoint (a proxy, or a fake server in tests); default https://oauth2.googleapis.com/token */
  tokenUrl?: string | undefined;
  /** Per request to Google's token endpoint (googleapis retries a 5xx or a silence a few times). */
  timeoutMs?: number | undefined;
}

export type GoogleOAuth2Client = Auth.OAuth2Client;

/**
 * googleapis' OAuth2 client for the operator's Google client, with the endpoint overrides: the Gmail
 * mailer trades its refresh token through it, the setup screens (services/invitation) make the
 * consent URL and exchange the returned code. googleapis loads on first use (it is large).
 */
export async function createGoogleOAuth2Client(settings: GoogleOAuthSettings): Promise<GoogleOAuth2Client> {
  const { google } = await import('googleapis');
  const endpoints = {
    ...(settings.authUrl ? { oauth2AuthBaseUrl: settings.authUrl } : {}),
    ...(settings.tokenUrl ? { oauth2TokenUrl: settings.tokenUrl } : {}),
  };
  return new google.auth.OAuth2({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    ...(settings.redirectUri ? { redirectUri: settings.redirectUri } : {}),
    ...(Object.keys(endpoints).length > 0 ? { endpoints } : {}),
    ...(settings.timeoutMs ? { transporterOptions: { timeout: settings.timeoutMs } } : {}),
  });
}
