import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { repositoryRoot } from '../support/config.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { fakeSignedIn } from '../support/session-fakes.ts';
import { serveFolder } from '../support/static-server.ts';

const run = promisify(execFile);
const browser = useBrowser(import.meta.filename);

let secondBuildDir: string;
let remoteHost: Awaited<ReturnType<typeof serveFolder>>;
let platform: RunningPlatform;
let shellFilesBefore: string[];

beforeAll(async () => {
  shellFilesBefore = await readdir(path.join(repositoryRoot, 'shell', 'dist'));
  // A second, separate build of mfe-analytics, hosted on another origin (a CDN stand-in).
  secondBuildDir = await mkdtemp(path.join(tmpdir(), 'listready-mfe-analytics-'));
  await run('npx', ['webpack-cli', 'build', '--mode', 'production', '--output-path', secondBuildDir], {
    cwd: path.join(repositoryRoot, 'mfe-analytics'),
  });
  remoteHost = await serveFolder(secondBuildDir);
  platform = await startPlatform({ REMOTE_MFE_ANALYTICS_URL: `${remoteHost.origin}/mf-manifest.json` });
}, 240_000);

afterAll(async () => {
  await platform?.stop();
  await remoteHost?.close();
  await rm(secondBuildDir, { recursive: true, force: true });
});

describe('a remote deployed on its own', () => {
  it('is loaded from the URL in /remotes.json, with no shell rebuild', async () => {
    const remotesConfig = (await (await fetch(`${platform.url}/remotes.json`)).json()) as Record<
      string,
      string
    >;
    expect(remotesConfig['mfe-analytics']).toBe(`${remoteHost.origin}/mf-manifest.json`);

    const { page, requests, errors, cspViolations } = await browser.newPage();
    await fakeSignedIn(page, 'agent');
    await page.goto(`${platform.url}/analytics`);
    await page.locator('[data-remote="mfe-analytics"]').getByRole('heading', { name: 'Analytics' }).waitFor();

    const urls = requests.map((request) => request.url());
    expect(urls).toContain(`${remoteHost.origin}/mf-manifest.json`);
    expect(urls.some((url) => url.startsWith(`${remoteHost.origin}/remoteEntry.`))).toBe(true);
    expect(urls.some((url) => url.startsWith(`${remoteHost.origin}/__federation_expose_lifecycles.`))).toBe(
      true,
    );
    expect(urls.filter((url) => url.includes('/remotes/mfe-analytics/'))).toEqual([]);
    // The same shell build served both platforms.
    expect(await readdir(path.join(repositoryRoot, 'shell', 'dist'))).toEqual(shellFilesBefore);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
