import { createLogger, type App } from '@listready/service-kit';
import { buildGateway, type GatewayOptions } from './app.ts';

const silent = createLogger('gateway-test', 'silent');

/**
 * The gateway the tests build: the API only (no front end, no proxy hops trusted) in front of
 * `services`, silent unless `options` gives a logger; `options` adds to it (shedding, admission).
 */
export function testGateway(
  services: GatewayOptions['services'],
  options: Partial<Omit<GatewayOptions, 'services'>> = {},
): Promise<App> {
  return buildGateway({
    logger: silent,
    serveFrontend: false,
    production: false,
    trustProxyHops: 0,
    shellDir: '/nonexistent',
    remotes: [],
    services,
    ...options,
  });
}
