import type { Logger } from 'pino';
import {
  GMAIL_SEND_SCOPE,
  GOOGLE_OAUTH_CALLBACK_PATH,
  googleSetupMessages,
  type GoogleOAuthSetupResponse,
} from '@listready/contracts';
import { createGoogleOAuth2Client, type GoogleOAuth2Client } from '@listready/messaging';
import type { SessionUser } from '@listready/service-kit';
import type { OAuthStates } from './oauth-state.ts';

/** Where the consent and token requests go: Google unless a test or a proxy says otherwise. */
export interface GoogleOAuthEndpoints {
  authUrl?: string | undefined;
  tokenUrl?: string | undefined;
}

/** What came back to the callback, as Google sent it (each absent or one string). */
export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
}

/** Every way the callback can end; the page (callback-page.ts) says each one to the operator. */
export type CallbackOutcome =
  | { kind: 'connected'; refreshToken: string }
  | { kind: 'notConfigured' }
  | { kind: 'badState'; reason: 'missing' | 'malformed' | 'notYours' | 'expired' }
  | { kind: 'denied' }
  | { kind: 'googleError'; error: string; description: string | undefined }
  | { kind: 'missingCode' }
  | { kind: 'codeRefused'; error: string; description: string | undefined }
  | { kind: 'unreachable' }
  | { kind: 'noRefreshToken' }
  | { kind: 'scopeNotGranted' };

export interface GoogleSetupDeps {
  clientId: string | undefined;
  clientSecret: string | undefined;
  states: OAuthStates;
  endpoints?: GoogleOAuthEndpoints | undefined;
  logger: Logger;
  /** Per token request; googleapis retries a 5xx or a silence a few times on top. */
  timeoutMs?: number;
}

/** googleapis types PKCE's method as an enum; the value is RFC 7636's `S256`. */
type AuthUrlOptions = NonNullable<Parameters<GoogleOAuth2Client['generateAuthUrl']>[0]>;

export const redirectUriFor = (origin: string) => `${origin}${GOOGLE_OAUTH_CALLBACK_PATH}`;

/** The part of a gaxios error that may be logged and shown: never its request (code, client secret). */
function describeGoogleFailure(error: unknown): {
  status: number | undefined;
  error: string;
  description?: string;
} {
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  const status = typeof response?.status === 'number' ? response.status : undefined;
  const data = response?.data as { error?: unknown; error_description?: unknown } | undefined;
  const code = typeof data?.error === 'string' ? data.error.slice(0, 100) : undefined;
  const description =
    typeof data?.error_description === 'string' ? data.error_description.slice(0, 300) : undefined;
  return {
    status,
    error: code ?? (status ? `HTTP ${status}` : ((error as Error | null)?.name ?? 'Error')),
    ...(description ? { description } : {}),
  };
}

/**
 * The operator's Google mail setup (agent spec §2, §7): the consent URL for the signed-in agent, and
 * the return from Google — state checked against that agent's sign-in, the code exchanged (with the
 * PKCE verifier) for a refresh token that is handed back to be shown once and is neither stored
 * nor logged.
 */
export function createGoogleSetup(deps: GoogleSetupDeps) {
  const { clientId, clientSecret, states, logger } = deps;
  const configured = Boolean(clientId && clientSecret);

  const client = (redirectUri: string) =>
    createGoogleOAuth2Client({
      clientId: clientId ?? '',
      clientSecret: clientSecret ?? '',
      redirectUri,
      authUrl: deps.endpoints?.authUrl,
      tokenUrl: deps.endpoints?.tokenUrl,
      timeoutMs: deps.timeoutMs ?? 15_000,
    });

  return {
    configured,

    /** `{authUrl}` for this agent, or `{error}` when the Google client is not configured. */
    async authUrl(user: SessionUser, origin: string): Promise<GoogleOAuthSetupResponse> {
      if (!configured) return { error: googleSetupMessages.notConfigured };
      const { state, codeChallenge } = states.issue(user);
      const redirectUri = redirectUriFor(origin);
      const authUrl = (await client(redirectUri)).generateAuthUrl({
        scope: [GMAIL_SEND_SCOPE],
        access_type: 'offline',
        prompt: 'consent',
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256' as AuthUrlOptions['code_challenge_method'],
      });
      return { authUrl };
    },

    /** Google's return for the signed-in agent `user` (roles are checked by the route). */
    async complete(user: SessionUser, origin: string, query: CallbackQuery): Promise<CallbackOutcome> {
      if (!configured) return { kind: 'notConfigured' };
      if (!query.state) return { kind: 'badState', reason: 'missing' };
      const checked = states.check(query.state, user);
      if (!checked.ok) return { kind: 'badState', reason: checked.reason };
      if (query.error === 'access_denied') return { kind: 'denied' };
      if (query.error)
        return {
          kind: 'googleError',
          error: query.error.slice(0, 100),
          description: query.errorDescription?.slice(0, 300),
        };
      if (!query.code) return { kind: 'missingCode' };

      const redirectUri = redirectUriFor(origin);
      let tokens: { refresh_token?: string | null; scope?: string | null };
      try {
        ({ tokens } = await (
          await client(redirectUri)
        ).getToken({ code: query.code, codeVerifier: checked.codeVerifier, redirect_uri: redirectUri }));
      } catch (error) {
        const failure = describeGoogleFailure(error);
        logger.warn(
          { googleStatus: failure.status, googleError: failure.error },
          'google token exchange failed',
        );
        if (failure.status && failure.status >= 400 && failure.status < 500)
          return { kind: 'codeRefused', error: failure.error, description: failure.description };
        return { kind: 'unreachable' };
      }
      // Granular consent lets the account untick the one permission we need.
      const granted = tokens.scope?.split(/\s+/);
      if (granted && !granted.includes(GMAIL_SEND_SCOPE)) return { kind: 'scopeNotGranted' };
      if (!tokens.refresh_token) return { kind: 'noRefreshToken' };
      logger.info({ userId: user.id }, 'google mail account authorised; refresh token shown to the agent');
      return { kind: 'connected', refreshToken: tokens.refresh_token };
    },
  };
}
export type GoogleSetup = ReturnType<typeof createGoogleSetup>;
