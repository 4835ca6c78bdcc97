import type { ComponentProps } from 'react';
import { closeUnopenedDialog, lazyOptionalPart } from '@listready/ui';

/* Radix Dialog is fetched when a confirmation first opens, as the journey's dialogs are. */
const ConfirmDialog = lazyOptionalPart(
  async () => (await import('./confirm-dialog.tsx')).ConfirmDialog,
  closeUnopenedDialog,
);

export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  return <ConfirmDialog retryKey={props.open} {...props} />;
}
