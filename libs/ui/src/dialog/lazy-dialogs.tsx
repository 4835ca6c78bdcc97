import type { ComponentProps } from 'react';
import { lazyOptionalPart } from '../lib/lazy-optional-part.tsx';
import { toast } from '../toast/toast-store.ts';

/**
 * A dialog whose code could not be fetched is closed again, so the button that opened it tries
 * again, and the user is told why nothing opened.
 */
export function closeUnopenedDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }): void {
  onOpenChange(false);
  toast({
    title: 'This could not be opened',
    description: 'Check your connection and try again.',
    variant: 'destructive',
  });
}

const InviteDialog = lazyOptionalPart(
  async () => (await import('@listready/ui/dialog')).InviteDialog,
  closeUnopenedDialog,
);
const ModalDialog = lazyOptionalPart(
  async () => (await import('@listready/ui/dialog')).ModalDialog,
  closeUnopenedDialog,
);

/** The invitation dialog, fetched (with Radix Dialog) the first time one is rendered. */
export function LazyInviteDialog(props: ComponentProps<typeof InviteDialog>) {
  return <InviteDialog retryKey={props.open} {...props} />;
}

/** The dialog frame, fetched (with Radix Dialog) the first time one is rendered. */
export function LazyModalDialog(props: ComponentProps<typeof ModalDialog>) {
  return <ModalDialog retryKey={props.open} {...props} />;
}
