import { lazy, Suspense, type ComponentProps } from 'react';

const InviteDialog = lazy(async () => ({ default: (await import('@listready/ui/dialog')).InviteDialog }));
const ModalDialog = lazy(async () => ({ default: (await import('@listready/ui/dialog')).ModalDialog }));

/** The invitation dialog, fetched (with Radix Dialog) the first time one is rendered. */
export function LazyInviteDialog(props: ComponentProps<typeof InviteDialog>) {
  return (
    <Suspense fallback={null}>
      <InviteDialog {...props} />
    </Suspense>
  );
}

/** The dialog frame, fetched (with Radix Dialog) the first time one is rendered. */
export function LazyModalDialog(props: ComponentProps<typeof ModalDialog>) {
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
