import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toaster from '../toaster.tsx';
import { getToasts, toast, TOAST_ID_ATTRIBUTE } from '../toast/toast-store.ts';
import { ModalDialog } from './modal-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A row that renders its dialog only while open, as the journey's task rows do. */
function RowWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reschedule
      </button>
      {open && (
        <ModalDialog open onOpenChange={setOpen} title="Reschedule Task" description="Pick a new date.">
          <button type="button">Save</button>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  it('gives focus back to the button that opened it, also when it is unmounted as it closes', async () => {
    render(<RowWithDialog />);
    const opener = screen.getByRole('button', { name: 'Reschedule' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Task' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  /**
   * Lays the page out as a phone (375 × 812) or a desktop draws it: jsdom draws nothing, so each
   * element's box is given — the toast at the top of a phone or at the bottom right of a desktop,
   * the dialog centred.
   */
  function layOut(toastAt: 'phone-top' | 'desktop-corner') {
    const box = (top: number, left: number, width: number, height: number) =>
      DOMRect.fromRect({ x: left, y: top, width, height });
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this.hasAttribute(TOAST_ID_ATTRIBUTE))
        return toastAt === 'phone-top' ? box(16, 16, 343, 70) : box(700, 880, 388, 70);
      if (this.getAttribute('role') === 'dialog') return box(46, 16, 343, 720);
      return box(0, 0, 0, 0);
    });
  }

  const openToasts = () =>
    getToasts()
      .filter((entry) => entry.open)
      .map((entry) => entry.title);

  /** A toast shown, then the dialog opened (its focus moved in): the dialog. */
  async function openDialogAfterToast(title: string): Promise<HTMLElement> {
    render(<Toaster />);
    act(() => void toast({ title }));
    await screen.findByText(title);
    render(<RowWithDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Task' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    return dialog;
  }

  it('dismisses a toast drawn over it as it opens (a phone: its title and close button were under it)', async () => {
    layOut('phone-top');
    await openDialogAfterToast('Notes saved');
    await waitFor(() => expect(openToasts()).toEqual([]));
    // One raised while the dialog is open is about it: it shows.
    act(() => void toast({ title: 'Failed to reschedule' }));
    expect(openToasts()).toEqual(['Failed to reschedule']);
  });

  it('keeps a toast beside it (a desktop, bottom right)', async () => {
    layOut('desktop-corner');
    await openDialogAfterToast('Task added');
    expect(openToasts()).toEqual(['Task added']);
  });
});
