import { aPublicUser } from '@listready/contracts/fixtures';
import { afterAll, describe, expect, it } from 'vitest';

const OriginalFunction = globalThis.Function;

describe('zod as the web client configures it', () => {
  afterAll(() => {
    globalThis.Function = OriginalFunction;
  });

  it('parses answers without building code from strings (the CSP allows no eval)', async () => {
    const built: unknown[][] = [];
    // Installed before the client and the contracts load: zod probes for `new Function` when a schema is built.
    globalThis.Function = new Proxy(OriginalFunction, {
      construct: (target, args, newTarget) => {
        built.push(args);
        return Reflect.construct(target, args, newTarget) as object;
      },
      apply: (target, thisArgument, args) => {
        built.push(args);
        return Reflect.apply(target, thisArgument, args) as unknown;
      },
    });
    const { createApiClient } = await import('./api-client.ts');
    const { publicUserSchema } = await import('@listready/contracts/auth');
    const user = aPublicUser();
    const client = createApiClient({
      fetch: async () => new Response(JSON.stringify(user), { status: 200 }),
      notifyUnauthorized: () => undefined,
      redirect: () => undefined,
      setTimeout: () => undefined,
      clearTimeout: () => undefined,
    });
    for (let read = 0; read < 3; read += 1) {
      await expect(client.request('GET', '/api/auth/user', publicUserSchema)).resolves.toEqual(user);
    }
    expect(built).toEqual([]);
  });
});
