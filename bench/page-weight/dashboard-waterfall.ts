/**
 * An agent's first load of /dashboard as Chromium's resource timing sees it: the chain (session
 * probe, /remotes.json, the agent remote's manifest and entry, the dashboard's API reads), FCP, LCP
 * and layout shift, cold and then warm, as journey-waterfall.ts does for the seller. Each run is a
 * new agent (no clients: the same requests and screens as one with clients). Printed, not asserted.
 *
 *   PAGE_WEIGHT_URL=http://127.0.0.1:8080 node bench/page-weight/dashboard-waterfall.ts
 */
import { reportFirstLoads, type ChainLink } from './first-load.ts';

const CHAIN: ChainLink[] = [
  ['document', /\/dashboard$/],
  ['session probe', /\/api\/auth\/session$/],
  ['remotes.json', /\/remotes\.json$/],
  ['agent manifest', /mfe-agent\/mf-manifest\.json/],
  ['agent remoteEntry', /mfe-agent\/remoteEntry\.[0-9a-f]+\.js$/],
  ['GET stats', /\/api\/agents\/[^/]+\/stats$/],
  ['GET insights', /\/api\/agents\/[^/]+\/insights$/],
  ['GET clients', /\/api\/agents\/[^/]+\/clients$/],
];

await reportFirstLoads({
  title: '/dashboard, signed-in agent',
  path: '/dashboard',
  role: 'agent',
  chain: CHAIN,
  shown: '[data-remote="mfe-agent"] [data-stat]',
  async ready(page) {
    const remote = page.locator('[data-remote="mfe-agent"]');
    await remote.locator('[data-stat="Active Clients"]').waitFor({ timeout: 30_000 });
    await remote.getByText('Loading forecasts').waitFor({ state: 'detached', timeout: 30_000 });
  },
});
