import { useSyncExternalStore } from 'react';

/** Spec: one toast visible at a time, 5 s each (seller §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/**
 * The CSS property (a length on the root element) that lifts toasts from 640 px up, where they sit at
 * the bottom above the navigation bar: whatever the page keeps fixed above that bar (the seller's
 * agent banner) sets it to its own height, so a toast never covers its buttons.
 */
export const TOAST_CLEARANCE_PROPERTY = '--toast-clearance';
/** Time a dismissed toast stays mounted so its closing animation can finish. */
const TOAST_REMOVE_DELAY_MS = 200;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

let entries: readonly ToastEntry[] = [];
const listeners = new Set<Listener>();
let nextId = 0;

function publish(next: readonly ToastEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a toast from anywhere — the shell or any remote: this module is a federation singleton, so
 * there is one store and one `<Toaster />` (rendered by the shell). A new toast replaces the visible one.
 */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId += 1;
  const id = String(nextId);
  publish([{ ...input, id, open: true }, ...entries].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: string): void {
  publish(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  setTimeout(() => publish(entries.filter((entry) => entry.id !== id || entry.open)), TOAST_REMOVE_DELAY_MS);
}

/** On each drawn toast (toaster.tsx): its id, so what is drawn where can be dismissed. */
export const TOAST_ID_ATTRIBUTE = 'data-toast-id';

/**
 * Dismisses the toasts drawn over `element` — a dialog as it opens. On a phone toasts sit at the top
 * of the screen, where a tall dialog has its title and its close button: a toast about what was done
 * before covered them for its 5 s, and its own close button sat on the dialog's. Toasts elsewhere
 * (beside the dialog, on a wider screen) stay, and one raised while the dialog is open shows as usual.
 */
export function dismissToastsOver(element: Element): void {
  const area = element.getBoundingClientRect();
  for (const drawn of document.querySelectorAll<HTMLElement>(`[${TOAST_ID_ATTRIBUTE}]`)) {
    const box = drawn.getBoundingClientRect();
    const overlaps =
      box.left < area.right && area.left < box.right && box.top < area.bottom && area.top < box.bottom;
    const id = drawn.getAttribute(TOAST_ID_ATTRIBUTE);
    if (overlaps && id) dismissToast(id);
  }
}

export function getToasts(): readonly ToastEntry[] {
  return entries;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastEntry[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
