import { lazy, Suspense, type ComponentProps } from 'react';

/* Radix Dialog is fetched when a confirmation first opens, as the journey's dialogs are. */
const ConfirmDialog = lazy(async () => ({ default: (await import('./confirm-dialog.tsx')).ConfirmDialog }));

export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
