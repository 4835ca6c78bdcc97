import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background-work.ts';

describe('background work', () => {
  it('runs without being waited for, logs a failure with its context, and settles when all is done', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    );
    const work = createBackgroundWork(logger);
    const done: string[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    work.run(async () => {
      await held;
      done.push('held');
    }, 'held failed');
    work.run(() => Promise.reject(new Error('no mail server')), 'mail failed', { userId: 'u1' });
    // A job that throws before it returns a promise is caught the same way.
    work.run(() => {
      throw new Error('at once');
    }, 'thrown failed');

    let settled = false;
    const settling = work.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    await settling;
    expect(done).toEqual(['held']);
    const logged = lines.map((line) => ({
      msg: line.msg,
      userId: line.userId,
      err: (line.err as { message?: string }).message,
    }));
    expect(logged).toHaveLength(2);
    expect(logged).toEqual(
      expect.arrayContaining([
        { msg: 'mail failed', userId: 'u1', err: 'no mail server' },
        { msg: 'thrown failed', userId: undefined, err: 'at once' },
      ]),
    );
  });
});
