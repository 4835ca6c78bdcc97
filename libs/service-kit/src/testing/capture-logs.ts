import { Writable } from 'node:stream';
import { createLogger } from '../logger.ts';

/** A service logger at info whose lines are kept, parsed, for a test to read. */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('test', 'info', stream), lines };
}
