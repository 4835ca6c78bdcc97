import { lazy, Suspense, type ComponentProps } from 'react';

/* Radix Dialog is ~27 KB gzipped: fetched when a dialog first opens, not with the journey page. */
const ModalDialog = lazy(async () => ({ default: (await import('./modal-dialog.tsx')).ModalDialog }));

export function LazyModalDialog(props: ComponentProps<typeof ModalDialog>) {
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
