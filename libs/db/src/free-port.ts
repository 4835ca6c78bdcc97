import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port `freePort` picks: above the fixed ones the platform and its benches use (5432, 6379, 9092…). */
const LOWEST = 10_000;
const ATTEMPTS = 50;
/**
 * Every port this process was given: none is given twice. Nothing listens on a port between its
 * choice and its server's start, so a second call could pick it again — a CI run of 5 Dec gave the
 * image smoke test's invitation service and gateway both 32340, and the gateway could not start.
 */
const given = new Set<number>();

/**
 * The ports the kernel gives to outgoing connections and to `listen(0)`: Linux's
 * `ip_local_port_range`, or undefined where it cannot be read.
 */
export function ephemeralPortRange(
  read: () => string = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'),
): { low: number; high: number } | undefined {
  try {
    const [low = Number.NaN, high = Number.NaN] = read().trim().split(/\s+/).map(Number);
    return Number.isInteger(low) && Number.isInteger(high) ? { low, high } : undefined;
  } catch {
    return undefined;
  }
}

/** Listens on 127.0.0.1:`port` and lets go: the port it got, or undefined if it is taken. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/**
 * A port nothing listens on now, for a server a caller starts a moment later. It is chosen below the
 * kernel's ephemeral range: a port from that range (what `listen(0)` gives) can be taken meanwhile
 * as the local end of any outgoing connection — a service's to PostgreSQL, Kafka's own — and the
 * server then fails to listen (EADDRINUSE). A CI run of 4 Dec lost the load bench's gateway so: its
 * port was chosen 28 s before it started, while five services and a broker opened connections.
 * Where the range is unknown (not Linux) the system picks, as before.
 */
export async function freePort(range = ephemeralPortRange()): Promise<number> {
  if (range && range.low - LOWEST >= 1_000) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const candidate = randomInt(LOWEST, range.low);
      if (given.has(candidate)) continue;
      // Taken before the check, so that calls running at once never share a candidate.
      given.add(candidate);
      const port = await tryPort(candidate);
      if (port) return port;
    }
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = await tryPort(0);
    if (!port) break;
    if (given.has(port)) continue;
    given.add(port);
    return port;
  }
  throw new Error('no free port');
}
