import { browserTrackerDependencies, trackPage } from '../analytics/page-tracking.ts';
import { createUsageTracker } from '../analytics/usage-tracker.ts';
import { SHELL_SCRIPTS_ATTRIBUTE } from '@listready/contracts/visitor-pages';

/**
 * The only script of a visitor's prerendered pages (landing, not found): a few KB instead of the
 * shell's ~160 KB, fetched once the page has painted (the page's inline loader adds it, see
 * `@listready/contracts/visitor-pages`). The page is complete HTML and its links work as links, so
 * nothing needs React until the visitor goes somewhere: then this script hands over to the shell in
 * the same document — it puts the new address in the history and loads the shell's scripts, which
 * hydrate the page as it was rendered and route to the address (`bootstrap.tsx`, as for any
 * prerendered page). Until then it records the visit (page view, clicks, visibility) like the shell's tracker, with the same
 * session, and warms the shell's scripts when a link is pointed at or focused.
 *
 * `prerender-pages-plugin.ts` builds it on its own (no federation runtime, no React, no zod) and
 * names it and the shell's scripts on the page's meta, which the loader copies onto its tag.
 */

/** The address a click goes to when the shell can take it there in this document; null otherwise. */
export function inAppDestination(event: MouseEvent, location: Location): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null; // new tab, window…
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return null;
  // A link within this page (the skip link) is the browser's to follow.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return null;
  return url;
}

export interface VisitorPage {
  /** Hands the document to the shell at `url` (what a click on an in-app link does). */
  handOver(url: URL): void;
  /** Undoes the listeners (tests). */
  stop(): void;
}

export function startVisitorPage(view: Window, shellScripts: readonly string[]): VisitorPage {
  const document = view.document;
  const tracker = createUsageTracker(browserTrackerDependencies(view));
  const stopTracking = trackPage(view, tracker);
  tracker.start();

  let warmed = false;
  /** The shell's scripts fetched ahead of the click (the browser keeps them for the handover). */
  const warm = () => {
    if (warmed) return;
    warmed = true;
    for (const src of shellScripts) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = src;
      document.head.append(link);
    }
  };
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link) warm();
  };
  const onClick = (event: MouseEvent) => {
    const url = inAppDestination(event, view.location);
    if (!url) return;
    event.preventDefault();
    page.handOver(url);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('click', onClick);

  let handedOver = false;
  const page: VisitorPage = {
    handOver(url) {
      if (handedOver) return;
      handedOver = true;
      page.stop();
      // The visit so far, sent now; the shell's tracker goes on with the same session (sessionStorage).
      void tracker.flush();
      view.history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`);
      const [entry] = shellScripts;
      if (!entry) {
        view.location.assign(url.href);
        return;
      }
      const script = document.createElement('script');
      script.src = entry;
      // Without the shell (offline, a deploy in between), the browser goes there the ordinary way.
      script.onerror = () => view.location.replace(url.href);
      document.head.append(script);
    },
    stop() {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      document.removeEventListener('touchstart', onIntent);
      document.removeEventListener('click', onClick);
      stopTracking();
      tracker.stop();
    },
  };
  return page;
}

// In the browser, from the script's own tag, which the loader added (tests import the functions above without a tag).
const tag = typeof document === 'undefined' ? null : document.currentScript;
const scripts = tag?.getAttribute(SHELL_SCRIPTS_ATTRIBUTE);
if (scripts) startVisitorPage(window, scripts.split(/\s+/).filter(Boolean));
