import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from './lib/class-names.ts';
import { TOAST_DURATION_MS, TOAST_ID_ATTRIBUTE, dismissToast, useToasts } from './toast/toast-store.ts';

/**
 * Renders the toast store. Its own shared module (`@listready/ui/toaster`): the shell loads it on the
 * first toast, so Radix's toast code stays off the landing page's critical path.
 */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS}>
      {toasts.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          {...{ [TOAST_ID_ATTRIBUTE]: entry.id }}
          open={entry.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            entry.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-surface-border bg-surface text-ink',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{entry.title}</ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {entry.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Spec: the viewport is at most 420 px wide from medium screens up. From 640 px up it sits
          above the navigation bar (4rem) and what the page keeps fixed above it (TOAST_CLEARANCE_PROPERTY). */}
      <ToastPrimitive.Viewport className="fixed top-0 z-[100] print:hidden flex max-h-screen w-full flex-col-reverse p-4 sm:top-auto sm:right-0 sm:bottom-[calc(4rem+var(--toast-clearance,0px))] sm:flex-col md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
