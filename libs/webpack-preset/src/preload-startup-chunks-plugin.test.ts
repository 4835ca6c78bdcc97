import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreloadStartupChunksPlugin } from './preload-startup-chunks-plugin.ts';

describe('PreloadStartupChunksPlugin', () => {
  let workDir: string;
  // Imported in the opposite order to their names, so the order webpack meets them is not the answer.
  const libraries = ['zeta-lib', 'mid-lib', 'alpha-lib', 'toast-lib'];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'listready-preload-'));
    for (const name of libraries) {
      const dir = path.join(workDir, 'node_modules', name);
      await mkdir(dir, { recursive: true });
      await writeFile(
        path.join(dir, 'package.json'),
        JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
      );
      await writeFile(path.join(dir, 'index.js'), `export const name = ${JSON.stringify(name)};\n`);
    }
    await writeFile(path.join(workDir, 'package.json'), JSON.stringify({ name: 'host', version: '1.0.0' }));
    await writeFile(path.join(workDir, 'index.js'), "import('./bootstrap.js');\n");
    await writeFile(
      path.join(workDir, 'bootstrap.js'),
      `${libraries.map((name, i) => `import { name as n${i} } from '${name}';`).join('\n')}\nconsole.log(${libraries.map((_, i) => `n${i}`).join(', ')});\n`,
    );
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  async function build(): Promise<string[]> {
    const compiler = webpack({
      mode: 'development',
      devtool: false,
      context: workDir,
      entry: './index.js',
      output: { path: path.join(workDir, 'dist'), publicPath: '/', clean: true },
      optimization: { chunkIds: 'named' },
      plugins: [
        new HtmlWebpackPlugin({ scriptLoading: 'defer' }),
        new ModuleFederationPlugin({
          name: 'host',
          remotes: {},
          shared: Object.fromEntries(
            libraries.map((name) => [name, { singleton: true, requiredVersion: '^1.0.0' }]),
          ),
          dts: false,
        }),
        new PreloadStartupChunksPlugin({ lazy: ['toast-lib'] }),
      ],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error ?? stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
        else resolve();
      }),
    );
    const html = await readFile(path.join(workDir, 'dist', 'index.html'), 'utf8');
    return [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
  }

  it('lists the bootstrap chunk, then each eagerly shared library in share-key order, and leaves out the lazy ones', async () => {
    const preloads = await build();
    const libraryOrder = preloads.flatMap((href) => libraries.filter((name) => href.includes(`_${name}_`)));
    expect(libraryOrder).toEqual(['alpha-lib', 'mid-lib', 'zeta-lib']);
    expect(preloads[0]).toMatch(/bootstrap/);
    expect(await build()).toEqual(preloads);
  });
});
