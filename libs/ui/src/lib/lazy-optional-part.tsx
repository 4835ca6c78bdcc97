import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

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
 * it is next mounted or its `retryKey` prop changes. (React keeps a lazy component's failure for
 * good, so each try after a failure is a new one; the federation runtime's own memory of the
 * failed load is cleared by the retry-failed-share runtime plugin.)
 */
export function lazyOptionalPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onFailure?: (props: P) => void,
): ComponentType<P & { retryKey?: unknown }> {
  const attempt = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        // The next render that reaches the part tries again; until then the boundary leaves it out.
        // (Swapped here, not once the boundary commits: React may drop the render that caught the
        // failure, and the next one would meet the same rejected component.)
        Part = attempt();
        throw error;
      }
    });
  let Part = attempt();
  return function OptionalPart({ retryKey, ...rest }: P & { retryKey?: unknown }) {
    const props = rest as P;
    return (
      <OptionalPartBoundary retryKey={retryKey} onFailure={() => onFailure?.(props)}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </OptionalPartBoundary>
    );
  };
}
