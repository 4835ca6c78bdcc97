import { Component, type ComponentType, type ReactNode } from 'react';
import { onDemand, useOnDemand } from './on-demand.ts';

interface BoundaryProps {
  retryKey: unknown;
  onFailure: (error: unknown) => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  retryKey: unknown;
}

/** Renders nothing in place of a part that failed, until its `retryKey` changes. */
class OptionalPartBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, retryKey: this.props.retryKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.retryKey === state.retryKey ? null : { failed: false, retryKey: props.retryKey };
  }

  override componentDidCatch(error: unknown) {
    this.props.onFailure(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of the page fetched on first use that the page can live without (the toaster, a dialog):
 * if its code fails to load — offline, or the server restarting — the part is left out instead of
 * the error taking the page down with it, `onFailure` is told, and the part is fetched again when
 * it is next mounted or its `retryKey` prop changes (the federation runtime's own memory of the
 * failed load is cleared by the retry-failed-share runtime plugin). It shows as soon as its code
 * has come (useOnDemand: not through Suspense, whose fallback React keeps at least 300 ms), and
 * a part that fails as it renders is left out too, until its `retryKey` changes.
 */
export function lazyOptionalPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onFailure?: (props: P) => void,
): ComponentType<P & { retryKey?: unknown }> {
  const source = onDemand(load);
  return function OptionalPart({ retryKey, ...rest }: P & { retryKey?: unknown }) {
    const props = rest as P;
    const Part = useOnDemand(source, retryKey, () => onFailure?.(props));
    if (!Part) return null;
    return (
      <OptionalPartBoundary retryKey={retryKey} onFailure={() => onFailure?.(props)}>
        <Part {...props} />
      </OptionalPartBoundary>
    );
  };
}
