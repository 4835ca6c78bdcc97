import { afterEach, describe, expect, it } from 'vitest';
import { createService } from './create-service.ts';

/**
 * A service starts without a deprecation warning: each one printed one line to every process's
 * stderr at start (FSTDEP023, `disableRequestLogging`), and what it names goes in the next major.
 * Its own file: Fastify warns once per module instance, and this file's is fresh.
 */
describe('a service’s start', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  afterEach(() => {
    process.off('warning', onWarning);
  });

  it('prints no deprecation warning', async () => {
    process.on('warning', onWarning);
    const app = createService({ name: 'deprecations-test', logLevel: 'silent' });
    await app.ready();
    // Node emits warnings on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    await app.close();
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  });
});
