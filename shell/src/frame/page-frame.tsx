import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { TOAST_CLEARANCE_PROPERTY } from '@listready/ui';
import type { Session } from '@listready/web-client';
import { BottomNavigation } from './bottom-navigation.tsx';
import { applyBranding } from './branding/apply-branding.ts';
import { useCurrentBranding } from './branding/use-current-branding.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Where the seller remote renders the client's agent banner (Need help? / Invite My Agent). */
export const CLIENT_BANNER_SLOT_ID = 'client-banner-slot';

/** The shared page frame (spec seller §2): header, content area, footer logo, and for signed-in users the bottom navigation. */
export function PageFrame({ session, children }: { session: Session; children: ReactNode }) {
  const signedIn = session.status === 'signed-in';
  const client = signedIn && session.user.role === 'client';
  // The signed-in user's branding (a seller's agent's, an agent's own), applied before paint.
  const branding = useCurrentBranding(signedIn);
  const current = signedIn ? branding.data : undefined;
  // Whose brand the header wears is open until the session, then the branding, has answered.
  const brandPending = session.status === 'loading' || (signedIn && branding.isPending);
  const header = useRef<HTMLElement>(null);
  const navigation = useRef<HTMLElement>(null);
  const bannerSlot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    applyBranding(
      { root: document.documentElement, header: header.current, navigation: navigation.current },
      current ?? null,
    );
  }, [current, signedIn]);
  useLayoutEffect(() => {
    const slot = bannerSlot.current;
    if (slot) return liftToastsAbove(slot, document.documentElement);
  }, [client]);
  return (
    <div
      className={
        client
          ? // Clear of the navigation and of the banner as tall as it is (none once hidden).
            'flex min-h-dvh flex-col pb-[calc(5rem+var(--toast-clearance,0px))] print:pb-0'
          : signedIn
            ? 'flex min-h-dvh flex-col pb-20 print:pb-0'
            : 'flex min-h-dvh flex-col'
      }
    >
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-brand focus:px-4 focus:py-2 focus:text-brand-foreground"
      >
        Skip to main content
      </a>
      <SiteHeader session={session} branding={brandPending ? 'pending' : current} ref={header} />
      {/* At least a screen tall, so content arriving late never pushes a visible footer. */}
      <main id="main-content" className="min-h-dvh flex-1 print:min-h-0">
        {children}
      </main>
      <SiteFooter />
      {/* Fixed above the bottom navigation: the banner arriving never moves the page; the frame's bottom padding grows by its height. */}
      {client ? (
        <div
          ref={bannerSlot}
          id={CLIENT_BANNER_SLOT_ID}
          className="fixed inset-x-0 bottom-16 z-30 px-4 print:hidden"
        />
      ) : null}
      {signedIn ? <BottomNavigation ref={navigation} role={session.user.role} /> : null}
    </div>
  );
}

/**
 * Keeps toasts (bottom right from 640 px up) above the banner slot for as long as it has a height:
 * a toast over the banner would hide Invite My Agent or the agent's call button for its 5 s. The
 * frame's bottom padding reads the same height, so the page's end clears the banner (two rows on a
 * phone) and keeps no gap for one that is hidden.
 * The height is the observer's, measured with the page's own layout: reading it from script here
 * (in a layout effect, as the frame mounts) forced a layout of the whole page in the middle of the
 * shell's start. The root's style changes only when the height does (a custom property on the root
 * restyles the page). Returns the clean-up.
 */
export function liftToastsAbove(slot: HTMLElement, root: HTMLElement): () => void {
  let lifted = 0;
  const observer = new ResizeObserver(([entry]) => {
    const height = Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? 0);
    if (height === lifted) return;
    lifted = height;
    if (height > 0) root.style.setProperty(TOAST_CLEARANCE_PROPERTY, `${height}px`);
    else root.style.removeProperty(TOAST_CLEARANCE_PROPERTY);
  });
  observer.observe(slot);
  return () => {
    observer.disconnect();
    root.style.removeProperty(TOAST_CLEARANCE_PROPERTY);
  };
}
