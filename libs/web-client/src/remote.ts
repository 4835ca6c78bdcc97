/**
 * `@listready/web-client/remote`: what a remote's entry needs (single-spa-react lifecycles and the
 * providers). Not a shared module: each remote bundles it, so the shell — and the landing page —
 * never download single-spa-react.
 */
export {
  createRemoteLifecycles,
  RemoteErrorBoundary,
  RemoteErrorFallback,
  RemoteProviders,
  type RemoteLifecycleOptions,
} from './federation/remote-lifecycles.tsx';
