import { Component, startTransition, type ComponentType, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RemoteCustomProps } from './remote-props.ts';

/** Context does not cross React roots: each remote root gets the shared QueryClient. */
export function RemoteProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function RemoteErrorFallback() {
  return (
    <p role="alert" className="mx-auto max-w-xl p-8 text-center text-ink-muted">
      Something went wrong on this page. Please reload it; if it keeps happening, try again later.
    </p>
  );
}

/** Keeps a failing screen from taking the whole remote down when it runs on its own. */
export class RemoteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Remote screen failed', error);
  }
  override render() {
    return this.state.failed ? <RemoteErrorFallback /> : this.props.children;
  }
}

export interface RemoteLifecycleOptions {
  /**
   * Waited for before the first render (never failing): the code of the screen the page opens with,
   * when the remote loads it lazily. Rendered before it arrives, the screen would suspend, and React
   * keeps a fallback it has shown for at least 300 ms (FALLBACK_THROTTLE_MS), however soon the code
   * comes; meanwhile the shell's own placeholder stays.
   */
  beforeMount?: () => Promise<unknown>;
}

/**
 * A remote's single-spa lifecycles (single-spa-react with react-dom/client and an error boundary),
 * rendering `Root` inside the providers with the QueryClient the shell handed over.
 */
export function createRemoteLifecycles(Root: ComponentType, options: RemoteLifecycleOptions = {}) {
  function RemoteRoot(props: RemoteCustomProps) {
    return (
      <RemoteProviders queryClient={props.queryClient}>
        <Root />
      </RemoteProviders>
    );
  }
  const lifecycles = singleSpaReact<RemoteCustomProps>({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot,
    errorBoundary: () => <RemoteErrorFallback />,
  });
  type MountProps = Parameters<typeof lifecycles.mount>[0];
  // The root's first render is a transition: React renders it in slices of a few milliseconds,
  // yielding to the browser between them, instead of in one task that blocks input for as long as
  // the whole screen takes (60–120 ms on a mid-range phone). The mount still resolves once the
  // screen is committed (single-spa-react waits for the root's componentDidMount).
  const mountInSlices = (props: MountProps) => {
    let mounted!: ReturnType<typeof lifecycles.mount>;
    startTransition(() => {
      mounted = lifecycles.mount(props);
    });
    return mounted;
  };
  const { beforeMount } = options;
  return {
    ...lifecycles,
    mount: beforeMount
      ? async (props: MountProps) => {
          await beforeMount().catch(() => undefined);
          return mountInSlices(props);
        }
      : mountInSlices,
  };
}
