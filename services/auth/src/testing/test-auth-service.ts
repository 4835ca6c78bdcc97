import pino from 'pino';
import type { Database } from '@listready/db';
import { createInProcessTransport, InProcessBus } from '@listready/events';
import { createMemoryCache, SESSION_COOKIE } from '@listready/service-kit';
import { buildAuthService, type AuthServiceDeps } from '../app.ts';
import { loadAuthConfig } from '../config.ts';

export const TEST_SESSION_SECRET = 'test-session-secret-'.padEnd(48, 'x');
export const TEST_PUBLIC_URL = 'https://app.listready.test';

/** Minimal signatures of light-my-request's response, enough for the helpers below. */
interface InjectedResponse {
  cookies: Array<{ name: string; value: string }>;
}

/**
 * services/auth on a test database with its own memory cache and event bus, cheap scrypt and a
 * clock the test can move. Close it with `stop()`.
 */
export async function startTestAuthService(
  database: Database,
  options: { env?: Record<string, string>; deps?: Partial<AuthServiceDeps> } = {},
) {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const config = loadAuthConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    // Every test signs up from 127.0.0.1: the per-IP limits have their own tests.
    AUTH_SIGNUPS_PER_IP_PER_HOUR: '100000',
    AUTH_RESETS_PER_IP_PER_HOUR: '100000',
    ...options.env,
  });
  const service = await buildAuthService({
    config,
    database,
    logger: pino({ level: 'silent' }),
    sessionSecret: TEST_SESSION_SECRET,
    cache: createMemoryCache(),
    transport: createInProcessTransport({ bus: new InProcessBus() }),
    clock,
    passwordHashing: { N: 1024, r: 8, p: 1 },
    ...options.deps,
  });
  return {
    service,
    app: service.app,
    /** Moves the service's clock forward. */
    advance(ms: number) {
      offsetMs += ms;
    },
    stop: service.stop,
  };
}

export function sessionCookieOf(response: InjectedResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error('The response set no session cookie');
  return cookie.value;
}

let counter = 0;
/** A registration body with a unique e-mail. */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `user-${Date.now()}-${counter}@example.com`,
    password: 'correct-horse-1',
    confirmPassword: 'correct-horse-1',
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '555-0100',
    role: 'client',
    ...overrides,
  };
}
