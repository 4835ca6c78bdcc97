import { lazy, Suspense, type ComponentProps } from 'react';

const InviteDialog = lazy(async () => ({ default: (await import('@listready/ui/dialog')).InviteDialog }));

/** The invitation dialog, fetched (with Radix Dialog) the first time one is rendered. */
export function LazyInviteDialog(props: ComponentProps<typeof InviteDialog>) {
  return (
    <Suspense fallback={null}>
      <InviteDialog {...props} />
    </Suspense>
  );
}
