/**
 * The seller's first load of /journey as Chromium's resource timing sees it: when each request of
 * the chain (session probe, /remotes.json, the seller remote's manifest and entry, the journey's API
 * reads) starts and ends, relative to navigation start, plus FCP, LCP and layout shift; then the same
 * seller returns (warm cache) and the scripts fetched again are counted. Printed, not asserted.
 *
 *   PAGE_WEIGHT_URL=http://127.0.0.1:8080 node bench/page-weight/journey-waterfall.ts
 */
import { reportFirstLoads, type ChainLink } from './first-load.ts';

/** The requests of the chain, by a part of their URL. */
const CHAIN: ChainLink[] = [
  ['document', /\/journey$/],
  ['session probe', /\/api\/auth\/session$/],
  ['remotes.json', /\/remotes\.json$/],
  ['seller manifest', /mfe-seller\/mf-manifest\.json/],
  ['seller remoteEntry', /mfe-seller\/remoteEntry\.[0-9a-f]+\.js$/],
  ['GET journey', /\/api\/clients\/current\/journey$/],
  ['GET tasks', /\/api\/clients\/current\/tasks$/],
  ['GET households', /\/api\/clients\/current\/households$/],
  ['GET profile', /\/api\/clients\/current\/profile$/],
];

await reportFirstLoads({
  title: '/journey, signed-in seller',
  path: '/journey',
  role: 'client',
  chain: CHAIN,
  shown: '[data-remote="mfe-seller"] [data-task-title]',
  ready: (page) =>
    page
      .locator('[data-remote="mfe-seller"]')
      .getByText("Today's Priority")
      .first()
      .waitFor({ timeout: 30_000 }),
});
