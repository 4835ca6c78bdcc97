import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
// The same module as `@listready/ui`'s store in whichever build provides both (as the toaster's).
import { dismissToastsOver } from '../toast/toast-store.ts';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /**
   * Where focus goes back when the dialog closes; unset, to whatever had focus when it opened (the
   * button that opened it). Radix alone returned focus to the page itself when the dialog was
   * unmounted as it closed (`{open && <Dialog …/>}`, as the journey's rows render theirs).
   */
  returnFocusRef?: RefObject<HTMLElement | null> | undefined;
  children: ReactNode;
}

/**
 * The shared dialog frame (Radix: focus trap, Escape, labelled title and description). Scrolls
 * inside itself on a short screen, so a form stays reachable at 375 px.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocusRef,
  children,
}: ModalDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Before Radix moves focus in: what had it.
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
            if (event.currentTarget instanceof Element) dismissToastsOver(event.currentTarget);
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef?.current ?? opener.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-surface-border bg-surface p-6 text-ink shadow-xl wrap-anywhere"
        >
          <Dialog.Title className="pr-6 text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">{description}</Dialog.Description>
          {children}
          <Dialog.Close
            className="absolute top-3 right-3 rounded p-1 text-ink-muted hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
