import { existsSync, globSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VISITOR_LOADER_CSP_SOURCE } from '@listready/contracts/visitor-pages';
import { buildPaths, loadCompose, repoRoot } from './compose.ts';
import { copySources, DockerIgnore, parseStages, stagesForTarget } from './dockerfile.ts';

/** Every image build the platform has: the compose file's `build:` sections (the chart deploys the same images). */
const builds = Object.entries(loadCompose().services).flatMap(([service, definition]) =>
  definition.build ? [{ service, build: definition.build, ...buildPaths(definition.build) }] : [],
);

/** Files under a folder, as the build would see them (dependencies and build outputs are never sent). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/\/(node_modules|dist|\.data)\//.test(file));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Workspace folders by package name (the root package.json's workspaces). */
const workspaceDirs = new Map(
  (
    JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces
    .flatMap((pattern) => globSync(pattern, { cwd: repoRoot }))
    .filter((dir) => existsSync(path.join(repoRoot, dir, 'package.json')))
    .map((dir) => [
      (JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as { name: string }).name,
      dir,
    ]),
);

/** Workspaces and every workspace they depend on (devDependencies too unless `production`), as folders. */
function withWorkspaceDependencies(dirs: readonly string[], production: boolean): string[] {
  const seen = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    for (const name of Object.keys({
      ...manifest.dependencies,
      ...(production ? {} : manifest.devDependencies),
    })) {
      const dependency = workspaceDirs.get(name);
      if (dependency) visit(dependency);
    }
  };
  dirs.forEach(visit);
  return [...seen].sort();
}

/** The workspaces a Dockerfile's `npm ci` installs: its `for workspace in … ; do` list, globs expanded. */
function installedWorkspaces(text: string): string[] {
  const list = /for workspace in ([^;]+);/.exec(text)?.[1] ?? '';
  return list
    .trim()
    .split(/\s+/)
    .flatMap((pattern) => globSync(pattern, { cwd: repoRoot }))
    .filter((dir) => existsSync(path.join(repoRoot, dir, 'package.json')));
}

describe('the images', () => {
  it('cover the Node components and the front end', () => {
    expect(builds.map((entry) => path.relative(repoRoot, entry.dockerfile)).sort()).toEqual(
      expect.arrayContaining(['deploy/node/Dockerfile', 'deploy/static/Dockerfile']),
    );
    expect(builds.length).toBeGreaterThanOrEqual(6);
  });

  describe.each(builds)('$service ($build.dockerfile $build.target)', ({ build, context, dockerfile }) => {
    const text = readFileSync(dockerfile, 'utf8');
    const stages = stagesForTarget(parseStages(text, build.args ?? {}), build.target);
    const final = stages.at(-1);
    const ignore = DockerIgnore.fromFile(`${dockerfile}.dockerignore`);

    it('copies only files that exist and that the build context sends', () => {
      const sources = stages.flatMap(copySources).filter((copy) => copy.from === undefined);
      expect(sources.length).toBeGreaterThan(0);
      for (const copy of sources) {
        for (const source of copy.sources) {
          const where = `${path.relative(repoRoot, dockerfile)}:${copy.line} ${copy.keyword} ${source}`;
          expect(source, `${where}: a build argument is not set`).not.toContain('$');
          // The whole context (the manifests stage): whatever the .dockerignore sends, checked below.
          if (source === '.') continue;
          const absolute = path.resolve(context, source);
          expect(existsSync(absolute), `${where}: does not exist`).toBe(true);
          const files = statSync(absolute).isDirectory() ? filesUnder(absolute) : [absolute];
          const needed = files.filter((file) => !isTest(file));
          expect(needed.length, `${where}: is empty`).toBeGreaterThan(0);
          for (const file of needed) {
            expect(
              ignore.includes(path.relative(context, file)),
              `${where}: .dockerignore leaves out ${file}`,
            ).toBe(true);
          }
        }
      }
    });

    it('sends the lock file and the manifest of every workspace its install needs', () => {
      const installed = installedWorkspaces(text);
      expect(installed.length).toBeGreaterThan(0);
      for (const file of [
        'package.json',
        'package-lock.json',
        ...withWorkspaceDependencies(installed, /npm ci --omit=dev/.test(text)).map(
          (dir) => `${dir}/package.json`,
        ),
      ]) {
        expect(
          ignore.includes(file),
          `${path.relative(repoRoot, dockerfile)}.dockerignore sends ${file}`,
        ).toBe(true);
      }
    });

    it('copies from stages that exist', () => {
      const names = new Set(stages.map((stage) => stage.name));
      for (const copy of stages.flatMap(copySources).filter((source) => source.from !== undefined)) {
        expect(names.has(copy.from), `COPY --from=${copy.from}`).toBe(true);
      }
    });

    it('runs as a non-root user with a health check, on a Node 24 slim or unprivileged nginx base', () => {
      const keywords = (keyword: string) =>
        final?.instructions.filter((instruction) => instruction.keyword === keyword) ?? [];
      const user = keywords('USER').at(-1)?.rest ?? 'root';
      expect(user).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
      expect(keywords('HEALTHCHECK').at(-1)?.rest).toMatch(/healthcheck\.ts|\/healthz/);
      expect(final?.base).toMatch(/^(node:24-[a-z]+-slim|nginxinc\/nginx-unprivileged:[\d.]+-alpine)$/);
    });

    it('installs production dependencies only into a Node runtime image', () => {
      if (!final?.base.startsWith('node:')) return;
      const installs = stages
        .flatMap((stage) => stage.instructions)
        .filter((instruction) => /npm ci/.test(instruction.rest));
      expect(installs.length).toBeGreaterThan(0);
      for (const install of installs) expect(install.rest).toContain('--omit=dev');
      // The entry the image runs exists (ENTRY defaults to <component>/src/server.ts).
      const link = final.instructions.find(
        (instruction) => instruction.keyword === 'RUN' && /ln -s/.test(instruction.rest),
      );
      const entry = /"\/app\/([^"]+)"/.exec(link?.rest ?? '')?.[1] ?? '';
      expect(existsSync(path.join(repoRoot, entry)), `entry ${entry}`).toBe(true);
    });
  });
});

describe('.dockerignore files', () => {
  const files = [...new Set(builds.map((entry) => `${entry.dockerfile}.dockerignore`))];

  it.each(files)(
    '%s re-includes folders as buildah reads them (no wildcard before the last part)',
    (file) => {
      // podman build (buildah) skips an excluded folder unless a `!` line names it, or matches it by a
      // wildcard in its last part: `!libs/*/src/**` sends nothing there, where BuildKit sends it all.
      const reincludes = readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.startsWith('!'));
      expect(reincludes.length).toBeGreaterThan(0);
      for (const line of reincludes)
        expect(line.split('/').slice(0, -1).join('/'), line).not.toMatch(/[*?[]/);
    },
  );
});

describe('.dockerignore matching', () => {
  const ignore = new DockerIgnore('**\n!libs/*/src/**\n**/*.test.ts\n**/node_modules\n');

  it('re-includes what a later ! pattern names and drops what a later pattern excludes', () => {
    expect(ignore.includes('libs/db/src/index.ts')).toBe(true);
    expect(ignore.includes('libs/db/src/migrate.test.ts')).toBe(false);
    expect(ignore.includes('libs/db/package.json')).toBe(false);
    expect(ignore.includes('libs/db/src/node_modules/x/index.js')).toBe(false);
  });
});

describe("the shell's nginx (deploy/static)", () => {
  const conf = readFileSync(path.join(repoRoot, 'deploy/static/shell.nginx.conf'), 'utf8');
  const csp = readFileSync(path.join(repoRoot, 'deploy/static/content-security-policy.conf'), 'utf8');
  /** The rule that serves the prerendered pages, each named (a test below checks the names against the build's). */
  const PRERENDERED_PAGES_RULE =
    'location ~ ^/(landing|not-found|auth|agent-sign-up|invited-sign-up|joining-sign-up|forgot-password|reset-password|reset-password-form|accept-invitation|accept-invitation-no-id)\\.html$ {';

  it("writes the gateway's per-page style nonce into the page and allows it in style-src, as the gateway does", () => {
    // gateway/src/frontend: <meta property="csp-nonce" nonce="…"> first in the head, 'nonce-…' in style-src.
    expect(conf).toContain(`sub_filter '<head>' '<head><meta property="csp-nonce" nonce="$request_id">';`);
    expect(/style-src ([^;]*);/.exec(csp)?.[1]).toBe("'self' 'nonce-$request_id'");
  });

  it("allows the visitor pages' inline loader by its hash, and no other inline script, as the gateway does", () => {
    expect(/script-src ([^;]*);/.exec(csp)?.[1]).toBe(`'self' ${VISITOR_LOADER_CSP_SOURCE}`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('never sends a page precompressed (sub_filter cannot write into a .gz)', () => {
    for (const opening of ['location = /index.html {', PRERENDERED_PAGES_RULE]) {
      const page = blockOf(conf, opening);
      expect(page).not.toContain('gzip_static');
      expect(page).toContain('add_header Vary "Cookie" always;');
    }
    // The pages' rule comes before the rule for files with an extension (nginx tries regexes in order).
    expect(conf.indexOf(PRERENDERED_PAGES_RULE)).toBeLessThan(conf.indexOf('location ~ \\.[A-Za-z0-9]+$'));
    expect(blockOf(conf, 'location / {')).toContain('try_files $uri $listready_page;');
  });

  it('answers a visitor at a path no route knows with the not-found page and a 404, as the gateway does', () => {
    const deepLinks = blockOf(conf, 'location / {').replace(/\s+/g, ' ');
    // The status is kept and the page goes out through the pages' rule (its nonce and headers).
    expect(deepLinks).toContain('error_page 404 /not-found.html;');
    expect(deepLinks).toContain('if ($listready_page = /not-found.html) { return 404; }');
    const table = readFileSync(path.join(repoRoot, 'shell/src/prerender/signed-out-pages.tsx'), 'utf8');
    expect(table).toContain("'not-found': 'not-found.html'");
  });

  it('serves every page the shell build prerenders only in place of a path (the pages’ rule names each file)', () => {
    const table = readFileSync(path.join(repoRoot, 'shell/src/prerender/signed-out-pages.tsx'), 'utf8');
    const files = [...table.matchAll(/(?:'[a-z-]+'|[a-z]+): '([a-z-]+)\.html'/g)].map((match) => match[1]);
    expect(files).toEqual([
      'landing',
      'not-found',
      'auth',
      'agent-sign-up',
      'invited-sign-up',
      'joining-sign-up',
      'forgot-password',
      'reset-password',
      'reset-password-form',
      'accept-invitation',
      'accept-invitation-no-id',
    ]);
    expect(conf).toContain(`location ~ ^/(${files.join('|')})\\.html$ {`);
  });

  it('answers a prerendered page asked by name with a 404 and the page chosen for the path, as the gateway does', () => {
    const prerendered = blockOf(conf, PRERENDERED_PAGES_RULE);
    // Served only in place of a path (try_files, error_page); asked by name, nginx's own 404 for an
    // internal location becomes the visitor's not-found page, or the shell with a session cookie.
    expect(prerendered).toContain('internal;');
    expect(prerendered).toContain('error_page 404 $listready_page;');
  });

  it('picks the page as the gateway does: the build’s visitor page without a session cookie, the shell with one', () => {
    expect(conf).toContain('include /etc/nginx/signed-out-pages.conf;');
    const choice = /map \$cookie_listready_session \$listready_page \{([^}]*)\}/.exec(conf)?.[1];
    expect(choice?.replace(/\s+/g, ' ').trim()).toBe('"" $listready_visitor_page; default /index.html;');
    expect(conf).toContain(
      `sub_filter '<style data-inline-css>' '<style data-inline-css nonce="$request_id">';`,
    );
    const dockerfile = readFileSync(path.join(repoRoot, 'deploy/static/Dockerfile'), 'utf8');
    expect(dockerfile).toContain(
      'COPY --from=build /app/shell/dist/signed-out-pages.nginx.conf /etc/nginx/signed-out-pages.conf',
    );
  });
});

/** The body of the nginx block that opens with `opening`, nested blocks included. */
function blockOf(conf: string, opening: string): string {
  const start = conf.indexOf(opening);
  if (start < 0) throw new Error(`no block ${opening}`);
  let depth = 0;
  for (let at = start + opening.length - 1; at < conf.length; at += 1) {
    if (conf[at] === '{') depth += 1;
    else if (conf[at] === '}' && (depth -= 1) === 0) return conf.slice(start + opening.length, at);
  }
  throw new Error(`block ${opening} is not closed`);
}
