import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { repositoryRoot } from '../support/config.ts';
import { useBrowser } from '../support/browser.ts';
import { fakeSignedIn } from '../support/session-fakes.ts';
import { toast } from '../support/toast.ts';

const baseUrl = inject('platformUrl');
const browser = useBrowser(import.meta.filename);

/** The files of one remote the page fetched, by name (hashes stripped). */
function remoteFiles(requests: Request[], remote: string): string[] {
  const prefix = `${baseUrl}/remotes/${remote}/`;
  return requests
    .map((request) => request.url())
    .filter((url) => url.startsWith(prefix))
    .map((url) => url.slice(prefix.length).replace(/\.[0-9a-f]{8}\./, '.*.'));
}

/** What a remote route must load: the manifest, the entry, the exposed lifecycles and their CSS. */
const REMOTE_FILES = [
  'mf-manifest.json',
  'remoteEntry.*.js',
  '__federation_expose_lifecycles.*.js',
  '__federation_expose_lifecycles.*.css',
];

/** A string every build of react and react-dom carries, and nothing else. */
const REACT_MARKER = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';
/** The same for zod's core (the contracts' parser, shared with them). */
const ZOD_MARKER = '__zod_globalConfig';

/**
 * The remote's scripts the page actually ran that carry their own copy of a shared library (they
 * exist in the remote's build as fallbacks for a host without them, and must never be loaded under
 * the shell).
 */
function ownChunksWith(marker: string, requests: Request[], remote: string): string[] {
  const prefix = `${baseUrl}/remotes/${remote}/`;
  return requests
    .map((request) => request.url().split('?')[0] ?? '')
    .filter((url) => url.startsWith(prefix) && url.endsWith('.js'))
    .map((url) => url.slice(prefix.length))
    .filter((file) => readFileSync(path.join(repositoryRoot, remote, 'dist', file), 'utf8').includes(marker));
}

describe('federated remotes (signed in through a faked session probe)', () => {
  it('mounts mfe-seller at /journey for a client, through its manifest, with the shell React', async () => {
    const { page, requests, errors, cspViolations } = await browser.newPage();
    await fakeSignedIn(page, 'client');
    await page.goto(`${baseUrl}/journey`);
    // "Hello Jane!" comes from useSession (react-query hooks) inside the remote: with a second
    // React the remote would fail with an invalid hook call and show its error boundary instead.
    await page.locator('[data-remote="mfe-seller"]').getByRole('heading', { name: 'Hello Jane!' }).waitFor();
    // The remote's own lazy chunks (icons…) may load too, but never a React of its own.
    expect(remoteFiles(requests, 'mfe-seller')).toEqual(expect.arrayContaining(REMOTE_FILES));
    expect(ownChunksWith(REACT_MARKER, requests, 'mfe-seller')).toEqual([]);
    // It parses the journey with the shell's contracts, not a second zod.
    expect(ownChunksWith(ZOD_MARKER, requests, 'mfe-seller')).toEqual([]);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('button').allInnerTexts()).toEqual([
      'Journey',
      'Profile',
      'Groups',
      'Custom',
      'Logout',
    ]);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('mounts mfe-seller at / for a client and mfe-agent at / for an agent', async () => {
    const client = await browser.newPage();
    await fakeSignedIn(client.page, 'client');
    await client.page.goto(baseUrl);
    await client.page
      .locator('[data-remote="mfe-seller"]')
      .getByRole('heading', { name: 'Hello Jane!' })
      .waitFor();

    const agent = await browser.newPage();
    await fakeSignedIn(agent.page, 'agent');
    await agent.page.goto(baseUrl);
    await agent.page
      .locator('[data-remote="mfe-agent"]')
      .getByRole('heading', { name: 'Hello Sam!' })
      .waitFor();
    expect(await agent.page.locator('main').innerText()).toContain('Agent Dashboard');
    // The dashboard's own chunks (its tabs) may follow; never a copy of a shared library.
    expect(remoteFiles(agent.requests, 'mfe-agent')).toEqual(expect.arrayContaining(REMOTE_FILES));
    expect(ownChunksWith(REACT_MARKER, agent.requests, 'mfe-agent')).toEqual([]);
    expect(remoteFiles(agent.requests, 'mfe-seller')).toEqual([]);
  });

  it('mounts mfe-agent at /dashboard and mfe-analytics at /analytics for an agent', async () => {
    const { page, requests, errors } = await browser.newPage();
    await fakeSignedIn(page, 'agent');
    await page.goto(`${baseUrl}/dashboard`);
    await page.locator('[data-remote="mfe-agent"]').getByRole('heading', { name: 'Hello Sam!' }).waitFor();
    // In-app navigation swaps the remote without reloading the shell.
    await page.evaluate(() =>
      (window as Window & { singleSpaNavigate?: (url: string) => void }).singleSpaNavigate?.('/analytics'),
    );
    await page.locator('[data-remote="mfe-analytics"]').getByRole('heading', { name: 'Analytics' }).waitFor();
    expect(await page.locator('[data-remote="mfe-agent"]').count()).toBe(0);
    expect(remoteFiles(requests, 'mfe-analytics').sort()).toEqual([...REMOTE_FILES].sort());
    expect(ownChunksWith(REACT_MARKER, requests, 'mfe-analytics')).toEqual([]);
    expect(requests.filter((request) => request.resourceType() === 'document')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('shows a client the not-found page on an agent-only route', async () => {
    const { page, requests } = await browser.newPage();
    await fakeSignedIn(page, 'client');
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(remoteFiles(requests, 'mfe-agent')).toEqual([]);
  });

  it('logs out: clears every cache and returns to the landing page', async () => {
    const { page } = await browser.newPage();
    const session = await fakeSignedIn(page, 'client');
    await page.route('**/api/logout', (route) => {
      session.signOut();
      return route.fulfill({ status: 200, json: { message: 'Logged out' } });
    });
    await page.goto(`${baseUrl}/journey`);
    await page.getByRole('heading', { name: 'Hello Jane!' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('[data-remote]').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  it('shows the failed-logout toast when the server refuses', async () => {
    const { page, expect: expectProblems } = await browser.newPage();
    expectProblems({ method: 'POST', url: '/api/logout', status: 500 });
    await fakeSignedIn(page, 'client');
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 500, json: { message: 'Session store down' } }),
    );
    await page.goto(`${baseUrl}/journey`);
    await page.getByRole('heading', { name: 'Hello Jane!' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    const failed = toast(page, 'Failed to log out');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Session store down');
  });
});
