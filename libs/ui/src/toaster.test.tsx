import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './dialog/modal-dialog.tsx';
import { dismissToast, getToasts, toast } from './toast/toast-store.ts';
import Toaster from './toaster.tsx';

afterEach(() => {
  for (const entry of getToasts()) dismissToast(entry.id);
  cleanup();
});

/** Whether an element is hidden from assistive technology by itself or an ancestor. */
function hiddenFromScreenReaders(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement)
    if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('inert')) return true;
  return false;
}

describe('Toaster', () => {
  it('announces a toast that comes while a modal dialog is open, although the dialog hides the page around it', async () => {
    render(
      <>
        <main>
          <h1>Your journey</h1>
          <Toaster />
        </main>
        <ModalDialog open onOpenChange={() => undefined} title="Reschedule Task" description="Pick a date.">
          <p>Due date</p>
        </ModalDialog>
      </>,
    );
    const dialog = await screen.findByRole('dialog');
    // The modal hides everything else from assistive technology (the toaster's viewport with it).
    expect(hiddenFromScreenReaders(screen.getByRole('heading', { name: 'Your journey', hidden: true }))).toBe(
      true,
    );
    expect(hiddenFromScreenReaders(dialog)).toBe(false);

    act(() => toast({ title: 'Back online', description: 'Your changes were saved.' }));
    // Radix writes the announcement's text a frame later.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    // Radix announces each toast through a live region of its own, added to the body after the
    // dialog hid the page: it is not hidden, so a screen reader still hears the toast.
    const announced = screen
      .getAllByRole('status')
      .filter((region) => region.textContent?.includes('Back online'));
    expect(announced.map((region) => hiddenFromScreenReaders(region))).toEqual([false]);
    expect(within(announced[0] as HTMLElement).getByText(/Your changes were saved/)).toBeTruthy();
  });
});
