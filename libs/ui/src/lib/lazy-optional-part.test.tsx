import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../toast/toast-store.ts';
import { lazyDialog } from '../dialog/lazy-dialogs.tsx';
import { ModalDialog } from '../dialog/modal-dialog.tsx';
import { lazyOptionalPart } from './lazy-optional-part.tsx';

// React reports each error a boundary catches on the console; these tests provoke them on purpose.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A part whose code fails to arrive the first `failures` times it is asked for, as a dropped chunk does. */
function flakyPart(failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new Error('Loading chunk 518 failed');
    return Greeting;
  });
  const onFailure = vi.fn();
  return { Part: lazyOptionalPart(load, onFailure), load, onFailure };
}

describe('lazyOptionalPart', () => {
  it('leaves out a part whose code failed to load, not the page around it, and tries again at the next key', async () => {
    const { Part, load, onFailure } = flakyPart(1);
    const page = (key: number) => (
      <main>
        <h1>Your journey</h1>
        <Part retryKey={key} name="Jade" />
      </main>
    );
    const { rerender } = render(page(1));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith({ name: 'Jade' }));
    expect(screen.getByRole('heading', { name: 'Your journey' })).toBeTruthy();
    expect(screen.queryByText('Hello Jade')).toBeNull();

    // The same key keeps it out: nothing asked for it again.
    rerender(page(1));
    expect(load).toHaveBeenCalledTimes(1);

    rerender(page(2));
    expect(await screen.findByText('Hello Jade')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('shows the part as soon as its code has come, not when React would let a Suspense fallback go (300 ms)', async () => {
    let arrived = 0;
    const Part = lazyOptionalPart(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      arrived = performance.now();
      return Greeting;
    });
    render(
      <main>
        <Part name="Ada" />
      </main>,
    );
    await screen.findByText('Hello Ada', undefined, { interval: 5 });
    expect(performance.now() - arrived).toBeLessThan(150);
    // Its code here, the next one shows in the first render.
    cleanup();
    render(<Part name="Ben" />);
    expect(screen.getByText('Hello Ben')).toBeTruthy();
  });

  it('tries again when it is mounted again after a failure', async () => {
    const { Part, load, onFailure } = flakyPart(1);
    const { unmount } = render(<Part name="Milo" />);
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    unmount();
    render(<Part name="Milo" />);
    expect(await screen.findByText('Hello Milo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyDialog', () => {
  // Mounted only while open (the reschedule dialog), or from its first opening on (the invitation
  // dialog, kept for its closing animation): either way the next opening tries again.
  it.each([
    { mounted: 'only while open', keepMounted: false },
    { mounted: 'from its first opening on', keepMounted: true },
  ])(
    'closes a dialog whose code did not arrive and says why; the same button then opens it (mounted $mounted)',
    async ({ keepMounted }) => {
      const load = vi.fn(async () => {
        if (load.mock.calls.length === 1) throw new Error('Loading chunk 624 failed');
        return ModalDialog;
      });
      const Dialog = lazyDialog(load);
      function Row() {
        const [open, setOpen] = useState(false);
        const [opened, setOpened] = useState(false);
        return (
          <>
            <button
              type="button"
              onClick={() => {
                setOpen(true);
                setOpened(true);
              }}
            >
              Reschedule
            </button>
            <span>{open ? 'asked' : 'closed'}</span>
            {(keepMounted ? opened : open) && (
              <Dialog
                open={open}
                onOpenChange={setOpen}
                title="Reschedule Task"
                description="Pick a new date."
              >
                <button type="button">Save</button>
              </Dialog>
            )}
          </>
        );
      }
      render(<Row />);
      fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
      await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
      expect(getToasts()[0]).toMatchObject({ title: 'This could not be opened', variant: 'destructive' });

      fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
      expect(await screen.findByRole('dialog', { name: 'Reschedule Task' })).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(2);
    },
  );
});
