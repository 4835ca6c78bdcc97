import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

describe('AgentApp', () => {
  it('fetches the screen a page opened with as the remote loads, and has it for the first render', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { AgentApp, screenReady } = await remoteOpenedAt('/client-demo/');
    await screenReady();
    render(<AgentApp />);
    expect(screen.getByRole('heading', { level: 1, name: 'Client Demo' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the loading state of an agent page while a screen opened later comes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { AgentApp, screenReady } = await remoteOpenedAt('/dashboard');
    // The dashboard is in the remote's own module: nothing to wait for.
    await expect(Promise.race([screenReady(), 'pending'])).resolves.toBeUndefined();
    window.history.replaceState(null, '', '/client-demo');
    render(<AgentApp />);
    expect(screen.getByRole('status').textContent).toContain('Loading page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Demo' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
