import { execFile } from 'node:child_process';
import { glob, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import webpack, { type WebpackPluginInstance } from 'webpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_NAMES, remotesConfigSchema } from '@listready/contracts';
import { DEFAULT_REMOTES_JSON, DefaultRemotesJsonPlugin } from './default-remotes-json-plugin.ts';
import { PAGE_DATA_FILE, PageDataPlugin } from './page-data-plugin.ts';
import {
  createFrontendConfig,
  PROVIDE_RUNTIME_CORE_PLUGIN,
  RETRY_FAILED_SHARE_RUNTIME_PLUGIN,
  SHARED_CONTRACT_AREAS,
  sharedSingletons,
} from './webpack-preset.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

describe('sharedSingletons', () => {
  it('shares the contracts (and the zod inside them) so a remote never downloads a second copy', () => {
    const shared = sharedSingletons(path.join(repositoryRoot, 'mfe-seller'));
    expect(shared['@listready/contracts']).toEqual({ singleton: true, requiredVersion: '^0.1.0' });
    expect(shared['@listready/web-client']?.singleton).toBe(true);
    // A remote that only reaches the contracts through the web client still pins their version line.
    const agent = sharedSingletons(path.join(repositoryRoot, 'mfe-agent'));
    expect(agent['@listready/contracts']?.requiredVersion).toBe('^0.1.0');
  });
});

describe('the contracts in the front end', () => {
  it("are shared area by area, and the shell provides every area (a remote's own would bring its own zod)", () => {
    const host = sharedSingletons(path.join(repositoryRoot, 'shell'), 'host');
    const remote = sharedSingletons(path.join(repositoryRoot, 'mfe-seller'));
    for (const area of SHARED_CONTRACT_AREAS) {
      const request = `@listready/contracts/${area}`;
      expect(host[request]).toMatchObject({ singleton: true, requiredVersion: '^0.1.0', version: '0.1.0' });
      expect(host[request]?.import).toMatch(/^\/.*libs\/contracts\/src\/.*\.ts$/);
      expect(remote[request]).toEqual({ singleton: true, requiredVersion: '^0.1.0' });
    }
  });

  it('are imported by area, never through the barrel that holds every schema of every service', async () => {
    const sources: string[] = [];
    const patterns = [
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'libs/{ui,web-client}/src/**/*.{ts,tsx}',
    ];
    for await (const file of glob(patterns, { cwd: repositoryRoot })) sources.push(file);
    expect(sources.length).toBeGreaterThan(100);
    const barrelImports: string[] = [];
    for (const file of sources) {
      const text = await readFile(path.join(repositoryRoot, file), 'utf8');
      if (/from '@listready\/contracts'|import\('@listready\/contracts'\)/.test(text))
        barrelImports.push(file);
    }
    expect(barrelImports).toEqual([]);
  });
});

describe("every front end's webpack config", () => {
  // The images build with webpack-cli on plain Node (deploy/static/Dockerfile), which loads a .ts
  // config as ESM with its types stripped and no other loader installed: a value imported by name
  // from webpack's CommonJS exports (getters) is not found there, though a dev loader hides that.
  it.each(['shell', ...REMOTE_NAMES])('%s loads on plain Node, as the images build it', async (project) => {
    const config = path.join(repositoryRoot, project, 'webpack.config.ts');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { default: config } = await import(${JSON.stringify(config)}); console.log(typeof config);`,
      ],
      { cwd: path.join(repositoryRoot, project) },
    );
    expect(stdout.trim()).toBe('function');
  });
});

describe('createFrontendConfig', () => {
  it('names a remote federation container after its entry in the contracts', () => {
    const config = createFrontendConfig({
      kind: 'remote',
      remote: 'mfe-seller',
      projectDir: path.join(repositoryRoot, 'mfe-seller'),
      mode: 'production',
      entry: './src/standalone.ts',
      devPort: 3001,
    });
    expect(config.output?.uniqueName).toBe('mfe_seller');
    expect(config.plugins?.some((plugin) => plugin instanceof DefaultRemotesJsonPlugin)).toBe(false);
  });

  it("gives the page one federation runtime core, the shell's, in production", () => {
    const federationOptions = (config: ReturnType<typeof createFrontendConfig>) =>
      (
        config.plugins?.find(
          (plugin) => plugin?.constructor.name === 'ModuleFederationPlugin',
        ) as unknown as {
          _options: { runtimePlugins?: string[]; experiments?: { externalRuntime?: boolean } };
        }
      )._options;
    const remote = (mode: 'production' | 'development') =>
      federationOptions(
        createFrontendConfig({
          kind: 'remote',
          remote: 'mfe-seller',
          projectDir: path.join(repositoryRoot, 'mfe-seller'),
          mode,
          entry: './src/standalone.ts',
          devPort: 3001,
        }),
      );
    const host = federationOptions(
      createFrontendConfig({
        kind: 'host',
        projectDir: path.join(repositoryRoot, 'shell'),
        mode: 'production',
        entry: './src/index.ts',
        devPort: 3000,
      }),
    );
    expect(host.runtimePlugins).toContain(PROVIDE_RUNTIME_CORE_PLUGIN);
    expect(remote('production').runtimePlugins).not.toContain(PROVIDE_RUNTIME_CORE_PLUGIN);
    // Every bundle consumes shared modules lazily, so each can have a failed one to load again.
    expect(host.runtimePlugins).toContain(RETRY_FAILED_SHARE_RUNTIME_PLUGIN);
    expect(remote('production').runtimePlugins).toContain(RETRY_FAILED_SHARE_RUNTIME_PLUGIN);
    expect(remote('production').experiments?.externalRuntime).toBe(true);
    // The standalone development page has no shell to take the core from.
    expect(remote('development').experiments?.externalRuntime).toBeUndefined();
  });

  it("writes the default /remotes.json into the shell's production build only", () => {
    const host = (mode: 'production' | 'development') =>
      createFrontendConfig({
        kind: 'host',
        projectDir: path.join(repositoryRoot, 'shell'),
        mode,
        entry: './src/index.ts',
        devPort: 3000,
      });
    expect(host('production').output?.uniqueName).toBe('shell');
    expect(host('production').plugins?.some((plugin) => plugin instanceof DefaultRemotesJsonPlugin)).toBe(
      true,
    );
    expect(host('development').plugins?.some((plugin) => plugin instanceof DefaultRemotesJsonPlugin)).toBe(
      false,
    );
  });
});

describe('the plugins that write a JSON file into the build', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'listready-remotes-json-'));
    await writeFile(path.join(workDir, 'entry.js'), 'export const entry = 1;\n');
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  /** Builds a one-line entry with `plugin` and returns the JSON file it wrote. */
  const written = async (plugin: WebpackPluginInstance, file: string): Promise<unknown> => {
    const compiler = webpack({
      mode: 'production',
      context: workDir,
      entry: './entry.js',
      output: { path: path.join(workDir, 'dist') },
      plugins: [plugin],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error ?? stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
        else resolve();
      }),
    );
    return JSON.parse(await readFile(path.join(workDir, 'dist', file), 'utf8'));
  };

  it('DefaultRemotesJsonPlugin: every declared remote beside the shell, in the shape the shell parses', async () => {
    const remotes = await written(new DefaultRemotesJsonPlugin(), DEFAULT_REMOTES_JSON);
    expect(remotesConfigSchema.parse(remotes)).toEqual(remotes);
    expect(remotes).toEqual(
      Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])),
    );
  });

  it("PageDataPlugin: each page's reads, as a remote's config names them (pageData)", async () => {
    const pageData = { '/dashboard': ['/api/agents/current/stats', '/api/agents/current'] };
    const agentRemote = (extra: { pageData?: Record<string, string[]> }) =>
      createFrontendConfig({
        kind: 'remote',
        remote: 'mfe-agent',
        projectDir: path.join(repositoryRoot, 'mfe-agent'),
        mode: 'production',
        entry: './src/standalone.ts',
        devPort: 3002,
        ...extra,
      });
    const plugin = agentRemote({ pageData }).plugins?.find(
      (candidate): candidate is PageDataPlugin => candidate instanceof PageDataPlugin,
    );
    if (!plugin) throw new Error('the remote has no PageDataPlugin');
    expect(await written(plugin, PAGE_DATA_FILE)).toEqual(pageData);
    const without = agentRemote({});
    expect(without.plugins?.some((candidate) => candidate instanceof PageDataPlugin)).toBe(false);
  });
});
