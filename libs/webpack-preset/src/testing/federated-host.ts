import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration, type WebpackPluginInstance } from 'webpack';

/**
 * A small federated host on disk for the preset's plugin tests: an entry that starts through an
 * async boundary, a bootstrap that imports `libraries` (each a package in node_modules, shared as a
 * singleton), and a page template that requires a file, as the shell's requires its favicons.
 */
export async function federatedHost(libraries: readonly string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'listready-federated-host-'));
  // Each library uses one helper package that is not shared, as the contracts' areas use zod.
  const packages: Record<string, string> = {
    helper: 'export const describe = (name) => `shared ${name}`;\n',
    ...Object.fromEntries(
      libraries.map((name) => [
        name,
        `import { describe } from 'helper';\nexport const name = describe(${JSON.stringify(name)});\n`,
      ]),
    ),
  };
  for (const [name, code] of Object.entries(packages)) {
    const packageDir = path.join(dir, 'node_modules', name);
    await mkdir(packageDir, { recursive: true });
    await writeFile(
      path.join(packageDir, 'package.json'),
      JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
    );
    await writeFile(path.join(packageDir, 'index.js'), code);
  }
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'host', version: '1.0.0' }));
  await writeFile(path.join(dir, 'index.js'), "import('./bootstrap.js');\n");
  await writeFile(
    path.join(dir, 'bootstrap.js'),
    `${libraries.map((name, i) => `import { name as n${i} } from '${name}';`).join('\n')}\nconsole.log(${libraries.map((_, i) => `n${i}`).join(', ')});\n`,
  );
  await writeFile(path.join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><link rel="icon" href="<%= require('./icon.svg') %>"></head><body></body></html>\n`,
  );
  const outputDir = path.join(dir, 'dist');

  return {
    /** Builds it with `plugins` added; resolves once the files are written. */
    async build(options: {
      mode: 'development' | 'production';
      plugins: WebpackPluginInstance[];
    }): Promise<void> {
      const config: Configuration = {
        mode: options.mode,
        devtool: false,
        context: dir,
        entry: './index.js',
        output: {
          path: outputDir,
          publicPath: '/',
          clean: true,
          filename: '[name].js',
          chunkFilename: '[name].[contenthash:8].js',
        },
        module: { rules: [{ test: /\.svg$/, type: 'asset/resource' }] },
        // In production the helper gets a chunk of its own, as the shell's split chunks give zod one.
        optimization:
          options.mode === 'development'
            ? { chunkIds: 'named' }
            : { splitChunks: { chunks: 'all', minSize: 0 } },
        plugins: [
          new HtmlWebpackPlugin({ template: './index.html', scriptLoading: 'defer' }),
          new ModuleFederationPlugin({
            name: 'host',
            remotes: {},
            // Provided from a resolved path, as the shell provides the contracts' areas: provided
            // whether or not a compilation imports them.
            shared: Object.fromEntries(
              libraries.map((name) => [
                name,
                {
                  singleton: true,
                  requiredVersion: '^1.0.0',
                  version: '1.0.0',
                  import: path.join(dir, 'node_modules', name, 'index.js'),
                },
              ]),
            ),
            dts: false,
          }),
          ...options.plugins,
        ],
      };
      const compiler = webpack(config);
      await new Promise<void>((resolve, reject) =>
        compiler.run((error, stats) => {
          compiler.close(() => undefined);
          if (error ?? stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
          else resolve();
        }),
      );
    },
    read: (file: string) => readFile(path.join(outputDir, file), 'utf8'),
    files: () => readdir(outputDir),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
