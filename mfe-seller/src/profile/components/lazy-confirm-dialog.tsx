import { lazyDialog } from '@listready/ui';

/* Radix Dialog is fetched when a confirmation first opens, as the journey's dialogs are. */
export const LazyConfirmDialog = lazyDialog(async () => (await import('./confirm-dialog.tsx')).ConfirmDialog);
