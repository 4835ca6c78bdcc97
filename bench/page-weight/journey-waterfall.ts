/**
 * The seller's first load of /journey as Chromium's resource timing sees it: when each request of
 * the chain (session probe, /remotes.json, the seller remote's manifest and entry, the journey's API
 * reads) starts and ends, relative to navigation start, plus FCP, LCP and layout shift; then the same
 * seller returns (warm cache) and the scripts fetched again are counted. Printed, not asserted.
 *
 *   PAGE_WEIGHT_URL=http://127.0.0.1:8080 node bench/page-weight/journey-waterfall.ts
 */
import type { BrowserContext } from 'playwright-core';
import { pageWeightConfig } from './config.ts';
import { reportFirstLoads, type ChainLink } from './first-load.ts';

const config = pageWeightConfig();
if (!config.baseUrl) throw new Error('Set PAGE_WEIGHT_URL to a running platform (npm start)');
const baseUrl = config.baseUrl;

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

async function signedInSeller(context: BrowserContext): Promise<void> {
  const registeredAt = Date.now();
  const password = 'bench-waterfall-1';
  const registered = await context.request.post(`${baseUrl}/api/register`, {
    data: {
      email: `waterfall-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password,
      confirmPassword: password,
      firstName: 'Jane',
      lastName: 'Bench',
      phone: '555-0100',
      role: 'client',
    },
  });
  if (!registered.ok()) throw new Error(`registration failed: ${registered.status()}`);
  // The journey exists once the journey service has applied user-registered: measure the page, not that.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await context.request.get(`${baseUrl}/api/clients/current/journey`)).ok()) {
      // A returning seller, as the gateway sees one: it preloads the journey's reads only for a
      // session past its first seconds (FRESH_SESSION_MS, gateway/src/frontend).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, registeredAt + 11_000 - Date.now())));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the new seller has no journey');
}

await reportFirstLoads({
  chromiumPath: config.chromiumPath,
  runs: config.runs,
  title: '/journey, signed-in seller',
  url: `${baseUrl}/journey`,
  chain: CHAIN,
  shown: '[data-remote="mfe-seller"] [data-task-title]',
  signIn: signedInSeller,
  ready: (page) =>
    page
      .locator('[data-remote="mfe-seller"]')
      .getByText("Today's Priority")
      .first()
      .waitFor({ timeout: 30_000 }),
});
