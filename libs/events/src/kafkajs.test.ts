import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * What a process that connects with `kafka` prints: its request queue schedules its pending check
 * as kafkajs does after every connection (no broker needed: the warning comes from that timer).
 */
function stderrOfProcessUsing(kafka: string): string {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(kafka)});
    const require = createRequire(import.meta.url);
    const RequestQueue = require('kafkajs/src/network/requestQueue/index.js');
    const queue = new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 1000, clientId: 'test' });
    queue.scheduleCheckPendingRequests();
    clearTimeout(queue.throttleCheckTimeoutId);
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return child.stderr;
}

describe('@listready/events/kafkajs', () => {
  it('is kafkajs without the TimeoutNegativeWarning that kafkajs itself prints on Node 24', () => {
    expect(stderrOfProcessUsing('@listready/events/kafkajs')).not.toContain('TimeoutNegativeWarning');
    // kafkajs as shipped, for contrast: what the images' smoke test printed when it imported it.
    expect(stderrOfProcessUsing('kafkajs')).toContain('TimeoutNegativeWarning');
  });
});
