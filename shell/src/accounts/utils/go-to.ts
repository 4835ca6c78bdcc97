import { writeAddress } from '@listready/web-client';

/**
 * In-app navigation for the account screens: the session can resolve before /remotes.json has
 * arrived and single-spa has started, so the change is announced either way (`writeAddress`).
 * `replace` is for redirects, so Back does not return to a page that sends the user away again. The
 * new page starts at its top: a long form (create-account at 375 px) would otherwise leave the next
 * page scrolled past its heading.
 */
export function goTo(url: string, { replace = false }: { replace?: boolean } = {}): void {
  writeAddress(url, { replace });
  window.scrollTo(0, 0);
}
