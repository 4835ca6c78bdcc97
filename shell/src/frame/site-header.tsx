import type { Ref } from 'react';
import type { CurrentBranding } from '@listready/contracts/branding';
import { Button, ResponsiveLogo } from '@listready/ui';
import { AppLink, type Session } from '@listready/web-client';
import { BrandedLogo, hasBrandMark } from './branding/branded-logo.tsx';

export function SiteHeader({
  session,
  branding,
  ref,
}: {
  session: Session;
  /**
   * The signed-in user's branding: the agent's logo and company name replace the product's; `pending`
   * while it is not known yet (the session or the branding still asked).
   */
  branding?: CurrentBranding | 'pending' | undefined;
  ref?: Ref<HTMLElement>;
}) {
  const pending = branding === 'pending';
  const branded = !pending && hasBrandMark(branding);
  return (
    <header ref={ref} className="sticky top-0 z-40 border-b border-surface-border bg-header print:hidden">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-4 px-4 py-2 md:min-h-20">
        {/* A fixed-height slot: the product's logo giving way to an agent's moves nothing. */}
        <AppLink
          href="/"
          aria-label={branded ? (branding.companyName ?? 'Home') : pending ? 'Home' : undefined}
          className="flex h-12 min-w-0 items-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none md:h-16"
        >
          {/* Until the brand is known, a blank in the logo's place: a white-labelled seller never sees
              the product's logo first and then their agent's. */}
          {pending ? (
            <span
              aria-hidden="true"
              data-logo-pending
              className="block h-10 w-[100px] animate-pulse rounded-md bg-surface-border/50"
            />
          ) : branded ? (
            <BrandedLogo branding={branding} />
          ) : (
            <ResponsiveLogo />
          )}
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
