import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { googleOAuthSetupResponseSchema } from '@listready/contracts/invitation';
import { Button, Card } from '@listready/ui';
import { apiClient, apiQuery, AppLink } from '@listready/web-client';
import { CopyableValue } from './copy-button.tsx';
import { redirectAddress } from './redirect-address.ts';

export const GOOGLE_SETUP_URL = '/api/google-oauth-setup';
/** The consent URL's state lapses after 10 minutes (services/invitation): a fresh one well before. */
const AUTH_URL_REFRESH_MS = 5 * 60_000;

export const googleSetupErrors = {
  noAuthUrl: 'Failed to generate auth URL',
  noServer: 'Failed to connect to server',
} as const;

/** The consent link for the signed-in agent, asked for on every visit (it is bound to this sign-in). */
function useGoogleAuthUrl() {
  return useQuery({
    ...apiQuery(apiClient, GOOGLE_SETUP_URL, googleOAuthSetupResponseSchema),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: AUTH_URL_REFRESH_MS,
  });
}

function AuthoriseLink() {
  const setup = useGoogleAuthUrl();
  if (setup.data && 'authUrl' in setup.data) {
    return (
      <Button asChild size="lg" className="w-full sm:w-auto">
        <a href={setup.data.authUrl}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Authorise with Google
        </a>
      </Button>
    );
  }
  if (setup.data || setup.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-400/60 bg-page px-4 py-3">
        <p className="font-medium text-red-300">
          {setup.data ? googleSetupErrors.noAuthUrl : googleSetupErrors.noServer}
        </p>
        {setup.data && 'error' in setup.data && (
          <p className="mt-1 text-sm text-ink-muted">{setup.data.error}</p>
        )}
      </div>
    );
  }
  return (
    <div role="status" className="flex h-12 items-center text-sm text-ink-muted">
      Preparing the Google link…
    </div>
  );
}

/** /google-setup (agent spec §2): the redirect address to register, then the consent link. */
export function GoogleSetupScreen() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Google Mail Setup</h1>
      <p className="mt-2 text-ink-muted">Connect the Google account that sends invitation e-mails.</p>
      <p className="mt-2 text-sm text-ink-muted">
        Would you rather get the token yourself?{' '}
        <AppLink href="/google-manual" className="text-brand-soft underline underline-offset-4">
          Manual setup
        </AppLink>
      </p>

      <Card className="mt-8 p-6">
        <h2 className="text-lg font-semibold">1. Register the redirect address</h2>
        <p className="mt-2 text-sm text-ink-muted">
          In the Google Cloud console, add this address to your OAuth client&apos;s authorised redirect URIs.
        </p>
        <CopyableValue value={redirectAddress()} what="redirect address" />
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">2. Authorise the sending account</h2>
        <p className="mt-2 text-sm text-ink-muted">
          Sign in with the Google account invitations should come from and allow ListReady to send e-mail on
          its behalf. Google then brings you back here with a refresh token to store as the server secret
          GOOGLE_REFRESH_TOKEN.
        </p>
        <div className="mt-4 min-h-12">
          <AuthoriseLink />
        </div>
      </Card>
    </section>
  );
}
