import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPortRange, freePort } from './free-port.ts';

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe('ephemeralPortRange', () => {
  it("reads Linux's ip_local_port_range", () => {
    expect(ephemeralPortRange(() => '32768\t60999\n')).toEqual({ low: 32768, high: 60999 });
  });

  it('is unknown when the file is missing or says something else', () => {
    expect(
      ephemeralPortRange(() => {
        throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      }),
    ).toBeUndefined();
    expect(ephemeralPortRange(() => 'ports\n')).toBeUndefined();
  });
});

describe('freePort', () => {
  // Linux's default range starts at 32768; a machine whose range was widened down to ~1024 leaves
  // no room below it, and freePort rightly lets the system pick there (the last test).
  const low = ephemeralPortRange()?.low ?? 0;
  it.runIf(process.platform === 'linux' && low > 11_000)(
    "gives a port outgoing connections cannot take: below this machine's ephemeral range",
    async () => {
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      for (const port of ports) {
        expect(port).toBeGreaterThanOrEqual(10_000);
        expect(port).toBeLessThan(low);
        expect(await listens(port)).toBe(true);
      }
    },
  );

  it('never gives one process the same port twice, even to calls running at once', async () => {
    // 1,000 candidates (10,000–10,999) for 200 calls: picked at random, about 20 would repeat.
    const ports = await Promise.all(
      Array.from({ length: 200 }, () => freePort({ low: 11_000, high: 60_999 })),
    );
    expect(new Set(ports).size).toBe(200);
  });

  it('keeps to the range it is given', async () => {
    const port = await freePort({ low: 20_000, high: 30_000 });
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(20_000);
  });

  it('lets the system pick when there is no room below the range', async () => {
    const port = await freePort({ low: 10_500, high: 60_999 });
    expect(port).toBeGreaterThanOrEqual(10_500);
    expect(await listens(port)).toBe(true);
  });
});
