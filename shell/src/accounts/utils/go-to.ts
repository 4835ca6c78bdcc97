/**
 * In-app navigation for the account screens. Once single-spa has started it replaces
 * history.pushState/replaceState with versions that announce every change with `popstate` (which
 * the shell's routes and single-spa both follow); before that — the session can resolve before
 * /remotes.json has arrived — nobody would, so announce it here. `replace` is for redirects, so
 * Back does not return to a page that sends the user away again. The new page starts at its top: a
 * long form (create-account at 375 px) would otherwise leave the next page scrolled past its heading.
 */
export function goTo(url: string, { replace = false }: { replace?: boolean } = {}): void {
  const historyAnnounces = window.history.pushState !== History.prototype.pushState;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  if (!historyAnnounces) window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  window.scrollTo(0, 0);
}
