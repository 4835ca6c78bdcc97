import { Button, ResponsiveLogo } from '@listready/ui';
import { AppLink, type Session } from '@listready/web-client';

export function SiteHeader({ session }: { session: Session }) {
  return (
    <header className="sticky top-0 z-40 border-b border-surface-border bg-header">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-4 px-4 py-2 md:min-h-20">
        <AppLink
          href="/"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
        >
          <ResponsiveLogo />
        </AppLink>
        {session.status === 'signed-out' ? (
          <Button asChild variant="outline">
            <AppLink href="/auth">Sign In</AppLink>
          </Button>
        ) : null}
      </div>
    </header>
  );
}
