import pino from 'pino';
import { clients, type Database } from '@listready/db';
import { createInProcessTransport, InProcessBus } from '@listready/events';
import { createMemoryCache, type Cache } from '@listready/service-kit';
import { as, TEST_SESSION_SECRET, testAccounts, type TestUser } from '@listready/service-kit/testing';
import { must } from '@listready/testing';
import { buildBrandingService, type BrandingServiceDeps } from '../app.ts';
import { loadBrandingConfig } from '../config.ts';

const silent = pino({ level: 'silent' });

/**
 * services/branding on a test database with its own in-process bus and a memory cache (or the
 * test's). Users come from service-kit's `testAccounts`; a seller's journey.clients row (journey's
 * side of a sign-up) is written here, linked to an agent when asked.
 */
export async function startTestBrandingService(
  database: Database,
  options: { env?: Record<string, string>; deps?: Partial<BrandingServiceDeps> } = {},
) {
  const cache: Cache = options.deps?.cache ?? createMemoryCache();
  const service = await buildBrandingService({
    config: loadBrandingConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env }),
    database,
    logger: silent,
    sessionSecret: TEST_SESSION_SECRET,
    cache,
    transport: createInProcessTransport({ bus: new InProcessBus() }),
    ...options.deps,
  });
  await service.start();
  const accounts = testAccounts(database);

  return {
    service,
    app: service.app,
    cache,
    /** A signed-in user of `role`; a seller gets a clients row, linked to `linkedAgentId` if given. */
    async signUp(
      role: 'agent' | 'client',
      overrides: { linkedAgentId?: string | null } = {},
    ): Promise<TestUser> {
      const user = await accounts.create(role, {
        user: { email: `branding-${crypto.randomUUID()}@example.com` },
      });
      if (role === 'client')
        await database.db
          .insert(clients)
          .values({ userId: user.userId, agentId: overrides.linkedAgentId ?? null });
      return user;
    },
    stop: () => service.stop(),
  };
}
export type TestBrandingService = Awaited<ReturnType<typeof startTestBrandingService>>;

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(file: { name: string; type: string; data: Buffer }, field = 'logo') {
  const boundary = `----listready${crypto.randomUUID().replaceAll('-', '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export { as, must, TEST_SESSION_SECRET, type TestUser };
