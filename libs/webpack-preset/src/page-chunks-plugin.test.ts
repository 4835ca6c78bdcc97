import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpack from 'webpack';
import { PAGE_CHUNKS_FILE, PageChunksPlugin } from './page-chunks-plugin.ts';

/**
 * A small app on disk: the entry draws its frame (`frame.js`, in the entry) and fetches a page's
 * screen (`screen.js`) with import(); the screen uses a package that production splits into a chunk
 * of its own, as the profile screen's form library is, and a helper scope hoisting joins into it.
 */
describe('PageChunksPlugin', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'listready-page-chunks-'));
    await mkdir(path.join(dir, 'node_modules', 'forms'), { recursive: true });
    await writeFile(
      path.join(dir, 'node_modules', 'forms', 'package.json'),
      JSON.stringify({ name: 'forms', version: '1.0.0', main: 'index.js' }),
    );
    await writeFile(
      path.join(dir, 'node_modules', 'forms', 'index.js'),
      'export const form = () => "form";\n',
    );
    await writeFile(path.join(dir, 'frame.js'), 'export const frame = "frame";\n');
    // Its own helper is joined into it by scope hoisting, as a remote's screen modules are.
    await writeFile(path.join(dir, 'labels.js'), 'export const label = (text) => `[${text}]`;\n');
    await writeFile(
      path.join(dir, 'screen.js'),
      "import { form } from 'forms';\nimport { label } from './labels.js';\nexport const screen = label(form());\n",
    );
    await writeFile(
      path.join(dir, 'index.js'),
      "import { frame } from './frame.js';\nconsole.log(frame);\nimport('./screen.js').then((m) => console.log(m.screen));\n",
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function build(pages: Record<string, string>): Promise<webpack.Stats> {
    const compiler = webpack({
      mode: 'production',
      devtool: false,
      context: dir,
      entry: './index.js',
      output: {
        path: path.join(dir, 'dist'),
        clean: true,
        filename: '[name].[contenthash:8].js',
        chunkFilename: '[name].[contenthash:8].js',
      },
      optimization: { splitChunks: { chunks: 'all', minSize: 0 } },
      plugins: [new PageChunksPlugin(pages)],
    });
    return new Promise((resolve, reject) =>
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error || !stats) reject(error ?? new Error('no stats'));
        else resolve(stats);
      }),
    );
  }
  const written = async () =>
    JSON.parse(await readFile(path.join(dir, 'dist', PAGE_CHUNKS_FILE), 'utf8')) as Record<string, string[]>;

  it("lists every file of the lazy chunks a page's screen comes in, by their final names, and not the entry's", async () => {
    const stats = await build({ '/screen': './screen.js' });
    expect(stats.hasErrors()).toBe(false);
    const { '/screen': files = [] } = await written();
    const emitted = await readdir(path.join(dir, 'dist'));
    // The screen's chunk and the one its package was split into, each a file of the build.
    expect(files).toHaveLength(2);
    for (const file of files) expect(emitted).toContain(file);
    const contents = await Promise.all(files.map((file) => readFile(path.join(dir, 'dist', file), 'utf8')));
    expect(contents.some((code) => code.includes('"form"'))).toBe(true);
    expect(contents.some((code) => code.includes('"frame"'))).toBe(false);
  });

  it('fails the build for a screen that is not loaded lazily, or not in the build at all', async () => {
    const stats = await build({ '/frame': './frame.js', '/gone': './gone.js' });
    const messages = stats.compilation.errors.map((error) => error.message);
    expect(messages).toEqual([
      'PageChunksPlugin: ./frame.js (the screen of /frame) is not loaded lazily',
      'PageChunksPlugin: ./gone.js (the screen of /gone) is not in the build',
    ]);
  });
});
