import { AlertCircle } from 'lucide-react';
import { Button, Card } from '@listready/ui';
import { AppLink } from '@listready/web-client';

/**
 * Unknown paths, and agent-only pages opened by a client (spec seller §2). The spec's
 * developer-style hint ("Did you forget to add the page to the router?") told a seller nothing
 * they could act on; the page says what happened and links home (the journey or the dashboard
 * once signed in). docs/decisions.md.
 */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden className="size-8 text-red-500" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-ink-muted">
          There is no page at this address. The link may be out of date, or the address mistyped.
        </p>
        <Button asChild className="mt-6">
          <AppLink href="/">Go to the home page</AppLink>
        </Button>
      </Card>
    </div>
  );
}
