import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast, TOAST_DURATION_MS, TOAST_LIMIT } from './toast-store.ts';

describe('toast store', () => {
  afterEach(() => {
    for (const entry of getToasts()) dismissToast(entry.id);
    vi.useRealTimers();
  });

  it('shows one toast at a time, the newest', () => {
    toast({ title: 'Task created successfully' });
    const latest = toast({
      title: 'Failed to update task',
      description: 'Try again',
      variant: 'destructive',
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(getToasts()).toEqual([
      {
        id: latest.id,
        title: 'Failed to update task',
        description: 'Try again',
        variant: 'destructive',
        open: true,
      },
    ]);
  });

  it('closes a dismissed toast, then removes it', () => {
    vi.useFakeTimers();
    const shown = toast({ title: 'Notes saved' });
    shown.dismiss();
    expect(getToasts()[0]?.open).toBe(false);
    vi.runAllTimers();
    expect(getToasts()).toEqual([]);
  });

  it('lasts 5 seconds by default', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
