import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog.tsx';

afterEach(cleanup);

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
});
