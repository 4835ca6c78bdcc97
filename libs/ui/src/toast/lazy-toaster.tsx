import { lazyOptionalPart } from '../lib/lazy-optional-part.tsx';
import { useToasts } from './toast-store.ts';

const RadixToaster = lazyOptionalPart(async () => (await import('@listready/ui/toaster')).default);

/**
 * Mounted once per page (the shell, or a remote on its own); fetches the toast UI with the first
 * toast. If that fetch fails, the page carries on without the toast and the next toast fetches again.
 */
export function Toaster() {
  const toasts = useToasts();
  const latest = toasts[0];
  if (!latest) return null;
  return <RadixToaster retryKey={latest.id} />;
}
