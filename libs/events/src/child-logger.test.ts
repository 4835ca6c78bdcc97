import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { childLogger } from './child-logger.ts';

/** The lines a logger wrote, as written (JSON.parse would hide a key written twice). */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ base: { service: 'journey' } }, stream), lines };
}

describe('childLogger', () => {
  it('does not write a binding the parent already has', () => {
    const { logger, lines } = capture();
    childLogger(logger, { service: 'journey', component: 'event-bus' }).info('started');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.match(/"service":/g)).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ service: 'journey', component: 'event-bus' });
  });

  it('is the parent itself when nothing is new', () => {
    const { logger } = capture();
    expect(childLogger(logger, { service: 'journey' })).toBe(logger);
  });

  it('is needed: pino writes a repeated binding twice', () => {
    const { logger, lines } = capture();
    logger.child({ service: 'journey' }).info('started');
    expect(lines[0]?.match(/"service":/g)).toHaveLength(2);
  });
});
