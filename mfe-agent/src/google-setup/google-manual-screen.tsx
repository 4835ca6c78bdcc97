import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { GMAIL_SEND_SCOPE } from '@listready/contracts/invitation';
import { Button, Card } from '@listready/ui';
import { AppLink } from '@listready/web-client';
import { CopyableValue } from './copy-button.tsx';
import { redirectAddress } from './redirect-address.ts';

export const OAUTH_PLAYGROUND_URL = 'https://developers.google.com/oauthplayground';

/** The line the operator stores: the browser cannot set a server secret, so it hands over this. */
export const refreshTokenSetting = (token: string) => `GOOGLE_REFRESH_TOKEN=${token.trim()}`;

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="p-6">
        <h2 className="text-lg font-semibold">
          <span className="sr-only">Step </span>
          {number}. {title}
        </h2>
        {children}
      </Card>
    </li>
  );
}

function PasteToken() {
  const fieldId = useId();
  const [token, setToken] = useState('');
  const [setting, setSetting] = useState<string | null>(null);
  const empty = token.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) setSetting(refreshTokenSetting(token));
  };

  return (
    <>
      <form className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit}>
        <div className="min-w-0 flex-1">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Refresh token
          </label>
          <input
            id={fieldId}
            name="refreshToken"
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              setSetting(null);
            }}
            autoComplete="off"
            spellCheck={false}
            placeholder="1//0…"
            className="mt-1 h-10 w-full rounded-md border border-surface-border bg-page px-3 font-mono text-sm text-ink placeholder:text-ink-muted focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
          />
        </div>
        <Button type="submit" disabled={empty} className="shrink-0">
          Show the Secret Setting
        </Button>
      </form>
      {setting && (
        <div className="mt-4">
          <p className="text-sm text-ink-muted">
            Store this line as a server secret (the environment of the auth and invitation services, or the
            listready-google Secret on Kubernetes), then restart both services. The browser cannot store
            server secrets, so this page sends the token nowhere.
          </p>
          <CopyableValue value={setting} what="GOOGLE_REFRESH_TOKEN setting" />
        </div>
      )}
    </>
  );
}

/** /google-manual (agent spec §2): the three steps to a refresh token by hand, through the OAuth playground. */
export function GoogleManualScreen() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Manual Google Setup</h1>
      <p className="mt-2 text-ink-muted">Three steps to a refresh token.</p>
      <p className="mt-2 text-sm text-ink-muted">
        Or let ListReady ask Google for you:{' '}
        <AppLink href="/google-setup" className="text-brand-soft underline underline-offset-4">
          Google Mail Setup
        </AppLink>
      </p>

      <ol className="mt-8 flex flex-col gap-6">
        <Step number={1} title="Copy the redirect address">
          <p className="mt-2 text-sm text-ink-muted">
            Add it to your OAuth client&apos;s authorised redirect URIs in the Google Cloud console.
          </p>
          <CopyableValue value={redirectAddress()} what="redirect address" />
        </Step>

        <Step number={2} title="Get a refresh token from the OAuth Playground">
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-ink-muted">
            <li>
              Add <code className="font-mono break-all">{OAUTH_PLAYGROUND_URL}</code> to the same
              client&apos;s authorised redirect URIs.
            </li>
            <li>
              In the playground&apos;s settings, tick &ldquo;Use your own OAuth credentials&rdquo; and enter
              the client ID and secret.
            </li>
            <li>
              Authorise the scope <code className="font-mono break-all">{GMAIL_SEND_SCOPE}</code>, signed in
              as the account invitations should come from.
            </li>
            <li>Exchange the authorisation code for tokens and copy the refresh token.</li>
          </ol>
          <Button asChild variant="outline" className="mt-4">
            <a href={OAUTH_PLAYGROUND_URL} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" className="size-4" />
              Open the OAuth Playground
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </Step>

        <Step number={3} title="Paste the token">
          <PasteToken />
        </Step>
      </ol>
    </section>
  );
}
