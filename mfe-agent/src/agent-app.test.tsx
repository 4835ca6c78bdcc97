import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPublicUser } from '@listready/contracts/fixtures';
import type { SessionUser } from '@listready/web-client';
import { renderWithSession } from '@listready/web-client/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
  window.history.replaceState(null, '', '/');
});

/** The remote's module as a page opened at `path` loads it. */
async function remoteOpenedAt(path: string) {
  window.history.replaceState(null, '', path);
  return import('./agent-app.tsx');
}

const ALAN = aPublicUser({ id: 'user-agent', role: 'agent', firstName: 'Alan' });

/** The remote's app as the shell mounts it, for `user` (null: a visitor). */
const renderApp = (App: ComponentType, user: SessionUser | null = ALAN) => renderWithSession(<App />, user);

describe('AgentApp', () => {
  it('fetches the screen a page opened with as the remote loads, and has it for the first render', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { AgentApp, screenReady } = await remoteOpenedAt('/client-demo/');
    await screenReady();
    renderApp(AgentApp);
    expect(screen.getByRole('heading', { level: 1, name: 'Client Demo' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the loading state of an agent page while a screen opened later comes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { AgentApp, screenReady } = await remoteOpenedAt('/dashboard');
    await screenReady();
    window.history.replaceState(null, '', '/client-demo');
    renderApp(AgentApp);
    expect(screen.getByRole('status').textContent).toContain('Loading page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Demo' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  /**
   * Whether the dashboard's module was evaluated, for a remote opened at `path` and rendered for
   * `user` (null: a visitor).
   */
  async function dashboardLoadedAt(path: string, user: SessionUser | null) {
    const loaded = vi.fn();
    vi.doMock('./dashboard/dashboard-screen.tsx', async (importOriginal) => {
      loaded();
      return importOriginal();
    });
    // The page is idle at once: what the remote fetches next, it fetches as it renders.
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => (callback(), 1));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    // Reads never answer: what is drawn is each screen's first render.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { AgentApp, screenReady } = await remoteOpenedAt(path);
    await screenReady();
    renderApp(AgentApp, user);
    return loaded;
  }

  it("leaves the dashboard's code out of the invitation page a visitor opens", async () => {
    const loaded = await dashboardLoadedAt('/accept-invitation?id=inv-1', null);
    expect(await screen.findByRole('button', { name: 'Sign In to Accept Invitation' })).toBeTruthy();
    expect(loaded).not.toHaveBeenCalled();
    vi.doUnmock('./dashboard/dashboard-screen.tsx');
  });

  it('fetches the dashboard while an agent accepts an invitation: it is where they are taken next', async () => {
    const loaded = await dashboardLoadedAt('/accept-invitation?id=inv-1', ALAN);
    expect(await screen.findByText('Accepting the invitation…')).toBeTruthy();
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledOnce());
    vi.doUnmock('./dashboard/dashboard-screen.tsx');
  });

  it.each(['/', '/dashboard/'])(
    'has the dashboard for the first render at %s, an agent’s home',
    async (path) => {
      const loaded = await dashboardLoadedAt(path, ALAN);
      expect(loaded).toHaveBeenCalledOnce();
      expect(screen.getByRole('heading', { level: 1, name: 'Hello Alan!' })).toBeTruthy();
      expect(screen.queryByText('Loading page')).toBeNull();
      vi.doUnmock('./dashboard/dashboard-screen.tsx');
    },
  );
});
