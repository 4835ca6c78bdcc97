import type { ProfileTab, UserRole } from '@listready/web-client';
import { normalisePath, type ResolvedRoute } from './route-rules.ts';

/** The product's name, the end of every page's title (and the whole landing page's, with its tagline). */
export const SITE_TITLE = 'ListReady — Get your home ready to sell';

/**
 * What each page is called in the browser's tab, its history and a screen reader's announcement of
 * the page (WCAG 2.4.2): the shell's own screens and each remote's route. Until 3 Dec 2026 every
 * page was "ListReady — Get your home ready to sell", and analytics' page views said so too.
 */
export const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/auth': 'Sign in',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/accept-invitation': 'Accept invitation',
  '/journey': 'My journey',
  '/profile': 'My profile',
  '/icons': 'Icons',
  '/dashboard': 'Dashboard',
  '/client-demo': 'Client demo',
  '/google-setup': 'Google Mail setup',
  '/google-manual': 'Manual Google setup',
  '/analytics': 'Analytics',
};

/**
 * /profile's tabs: the bottom navigation's Profile, Groups and Custom, each a page to its user
 * (the screen's heading changes with it), so each has its own title.
 */
export const PROFILE_TAB_NAMES: Readonly<Record<ProfileTab, string>> = {
  overview: 'My profile',
  profile: 'Edit profile',
  groups: 'My groups',
  tasks: 'Custom tasks',
};

/** An agent's /journey is a client's, opened from the dashboard (read-only), never their own. */
const AGENT_JOURNEY_NAME = 'Client journey';

const titled = (name: string) => `${name} · ListReady`;

/**
 * The title of the page `path` shows as `route` (`resolveRoute`'s answer for the session), with
 * the profile's tab at /profile and, at /journey, whose journey it is by the signed-in `role`.
 */
export function pageTitle(
  path: string,
  route: ResolvedRoute,
  profileTab?: ProfileTab,
  role?: UserRole,
): string {
  if (route.kind === 'loading') return SITE_TITLE;
  if (route.kind === 'shell') {
    if (route.screen === 'landing') return SITE_TITLE;
    if (route.screen === 'not-found') return titled('Page not found');
  }
  const normalised = normalisePath(path);
  // `/` for a signed-in user is their home: the journey for a seller, the dashboard for an agent.
  const key =
    normalised === '/' && route.kind === 'remote'
      ? route.app === 'mfe-agent'
        ? '/dashboard'
        : '/journey'
      : normalised;
  const name =
    key === '/profile' && profileTab
      ? PROFILE_TAB_NAMES[profileTab]
      : key === '/journey' && role === 'agent'
        ? AGENT_JOURNEY_NAME
        : PAGE_NAMES[key];
  return name ? titled(name) : SITE_TITLE;
}
