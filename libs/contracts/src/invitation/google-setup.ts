import { z } from 'zod';

/**
 * The operator's Google mail setup (agent spec §2 Google setup, §7): `GET /api/google-oauth-setup`
 * answers the consent URL, or why there is none (the Google client is not configured) as a 200 the
 * /google-setup screen shows. Browser-safe.
 */
export const GOOGLE_OAUTH_CALLBACK_PATH = '/api/google-oauth-callback';

/** The one scope ListReady asks Google for: sending mail as the connected account, nothing else. */
export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';

export const googleSetupMessages = {
  notConfigured:
    'Google OAuth is not configured on the server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then restart the invitation service.',
  agentsOnly: 'Only agents can connect the Google mail account',
} as const;

export const googleOAuthSetupResponseSchema = z.union([
  z.object({ authUrl: z.url() }),
  z.object({ error: z.string().min(1) }),
]);
export type GoogleOAuthSetupResponse = z.infer<typeof googleOAuthSetupResponseSchema>;
