import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import webpack from 'webpack';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_RUNTIME_PLUGIN } from '../webpack-preset.ts';
import cspNonceRuntimePlugin, { pageStyleNonce } from './csp-nonce-runtime-plugin.ts';

const require = createRequire(import.meta.url);

/** A page holding `<meta property="csp-nonce">` as a browser shows it: the attribute maybe hidden. */
function pageWithNonceMeta(meta: { nonce?: string; attribute?: string } | undefined) {
  return {
    querySelector: (selector: string) =>
      selector === 'meta[property="csp-nonce"]' && meta
        ? {
            nonce: meta.nonce ?? '',
            getAttribute: (name: string) => (name === 'nonce' ? (meta.attribute ?? null) : null),
          }
        : null,
  } as unknown as Document;
}

describe('pageStyleNonce', () => {
  it('reads the nonce property, which browsers keep when they hide the attribute', () => {
    expect(pageStyleNonce(pageWithNonceMeta({ nonce: 'r4nd0m', attribute: '' }))).toBe('r4nd0m');
    expect(pageStyleNonce(pageWithNonceMeta({ attribute: 'from-attribute' }))).toBe('from-attribute');
  });

  it('finds none without the meta (a remote on its own dev server) or without a document', () => {
    expect(pageStyleNonce(pageWithNonceMeta(undefined))).toBeUndefined();
    expect(pageStyleNonce(pageWithNonceMeta({ nonce: '', attribute: '' }))).toBeUndefined();
    expect(pageStyleNonce(undefined)).toBeUndefined();
  });
});

describe('cspNonceRuntimePlugin', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
    Reflect.deleteProperty(globalThis, '__webpack_nonce__');
  });

  it("sets the bundle's nonce from the page, and leaves it alone on a page without one", () => {
    // Outside webpack the nonce is a plain global; webpack compiles it into the bundle's runtime (below).
    Reflect.set(globalThis, '__webpack_nonce__', undefined);
    Reflect.set(globalThis, 'document', pageWithNonceMeta({ nonce: 'abc' }));
    expect(cspNonceRuntimePlugin().name).toBe('listready-csp-nonce');
    expect(Reflect.get(globalThis, '__webpack_nonce__')).toBe('abc');

    Reflect.set(globalThis, '__webpack_nonce__', undefined);
    Reflect.set(globalThis, 'document', pageWithNonceMeta(undefined));
    cspNonceRuntimePlugin();
    expect(Reflect.get(globalThis, '__webpack_nonce__')).toBeUndefined();
  });
});

describe('the plugin inside a webpack bundle', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'listready-csp-nonce-'));
    // What get-nonce does in react-remove-scroll: read the bundle's nonce through `__webpack_nonce__`.
    await writeFile(
      path.join(workDir, 'entry.js'),
      [
        `import plugin from ${JSON.stringify(CSP_NONCE_RUNTIME_PLUGIN)};`,
        'plugin();',
        "export const seenByLibraries = typeof __webpack_nonce__ !== 'undefined' ? __webpack_nonce__ : undefined;",
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it("hands the page's nonce to what the bundle's libraries read as __webpack_nonce__", async () => {
    const compiler = webpack({
      mode: 'development',
      devtool: false,
      context: workDir,
      entry: './entry.js',
      output: { path: path.join(workDir, 'dist'), library: { type: 'commonjs2' } },
      module: {
        rules: [{ test: /\.ts$/, loader: require.resolve('esbuild-loader'), options: { loader: 'ts' } }],
      },
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error ?? stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
        else resolve();
      }),
    );
    const bundle = await readFile(path.join(workDir, 'dist', 'main.js'), 'utf8');
    // No global of that name exists in the page: only the bundle's runtime carries it.
    const module = { exports: {} as { seenByLibraries?: string } };
    runInNewContext(bundle, {
      module,
      exports: module.exports,
      document: pageWithNonceMeta({ nonce: 'n0nce' }),
    });
    expect(module.exports.seenByLibraries).toBe('n0nce');
  });
});
