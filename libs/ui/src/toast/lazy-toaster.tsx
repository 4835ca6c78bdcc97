import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store.ts';

const RadixToaster = lazy(() => import('@listready/ui/toaster'));

/** Mounted once per page (the shell, or a remote on its own); fetches the toast UI with the first toast. */
export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
