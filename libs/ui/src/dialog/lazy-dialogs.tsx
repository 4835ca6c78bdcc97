import type { ComponentType } from 'react';
import { lazyOptionalPart } from '../lib/lazy-optional-part.tsx';
import { toast } from '../toast/toast-store.ts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog whose code is fetched the first time it is rendered (callers render it from its first
 * opening on). If that fetch fails, the dialog is closed again (so the button that opened it tries
 * again, on a new fetch) and the user is told why nothing opened; the page around it carries on.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazyOptionalPart(load, ({ onOpenChange }: P) => {
    onOpenChange(false);
    toast({
      title: 'This could not be opened',
      description: 'Check your connection and try again.',
      variant: 'destructive',
    });
  });
  return function LazyDialog(props: P) {
    return <Dialog retryKey={props.open} {...props} />;
  };
}

/** The invitation dialog, fetched (with Radix Dialog) the first time one is rendered. */
export const LazyInviteDialog = lazyDialog(async () => (await import('@listready/ui/dialog')).InviteDialog);

/** The dialog frame, fetched (with Radix Dialog) the first time one is rendered. */
export const LazyModalDialog = lazyDialog(async () => (await import('@listready/ui/dialog')).ModalDialog);
