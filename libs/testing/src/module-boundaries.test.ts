import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

// The rule reads the project graph Nx caches in .nx/; without one (a fresh clone where no nx command
// has run yet) it skips every file with a warning, and each probe below would find nothing. Any nx
// command writes it, as `npm run lint` does before ESLint.
beforeAll(() => {
  const nx = createRequire(import.meta.url).resolve('nx/bin/nx.js');
  execFileSync(process.execPath, [nx, 'show', 'projects'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: 'ignore',
  });
}, 60_000);

/** Lints a probe source as if it lived at `filePath` and returns the module-boundary messages. */
async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@nx/enforce-module-boundaries')
    .map((message) => message.message);
}

describe('module boundaries (Nx tags, enforced by lint)', () => {
  it('forbids a shared library from importing the gateway', async () => {
    const errors = await boundaryErrors(
      'libs/ui/src/probe.ts',
      "import { buildGateway } from '@listready/gateway';\nexport const probe = buildGateway;\n",
    );
    expect(errors.join('\n')).toMatch(/"type:lib" can only depend on libs tagged with "type:lib"/);
  });

  it('forbids front-end code from importing server code', async () => {
    const errors = await boundaryErrors(
      'shell/src/probe.ts',
      "import { createDb } from '@listready/db';\nexport const probe = createDb;\n",
    );
    expect(errors.join('\n')).toMatch(
      /"scope:frontend" can only depend on libs tagged with "scope:frontend", "scope:shared"/,
    );
  });

  it('keeps the webpack preset out of front-end source and libraries', async () => {
    const probe =
      "import { createFrontendConfig } from '@listready/webpack-preset';\nexport const probe = createFrontendConfig;\n";
    expect((await boundaryErrors('shell/src/probe.ts', probe)).join('\n')).toMatch(
      /"type:shell" can only depend on libs tagged with "type:lib"/,
    );
    expect((await boundaryErrors('mfe-seller/src/probe.ts', probe)).join('\n')).toMatch(
      /"type:remote" can only depend on libs tagged with "type:lib"/,
    );
    expect((await boundaryErrors('libs/ui/src/probe.ts', probe)).join('\n')).toMatch(
      /"type:lib" can only depend on libs tagged with "type:lib"/,
    );
  });

  it("lets the shell's and the remotes' webpack configs use the webpack preset", async () => {
    const probe =
      "import { createFrontendConfig } from '@listready/webpack-preset';\nexport const probe = createFrontendConfig;\n";
    expect(await boundaryErrors('shell/webpack.config.ts', probe)).toEqual([]);
    expect(await boundaryErrors('mfe-analytics/webpack.config.ts', probe)).toEqual([]);
  });

  it('lets the gateway use shared libraries', async () => {
    expect(
      await boundaryErrors(
        'gateway/src/probe.ts',
        "import { createService } from '@listready/service-kit';\nexport const probe = createService;\n",
      ),
    ).toEqual([]);
  });
}, 60_000);
