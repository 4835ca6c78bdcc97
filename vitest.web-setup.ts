import { afterEach, vi } from 'vitest';
import { dismissToast, getToasts } from '@listready/ui';

/**
 * After every front-end test (this hook runs after the test's own): no toast is left for the next
 * test. A dismissed toast stays in the store, closed, for its closing animation; one left from the
 * test before would satisfy a "shows the toast" assertion made early in the next.
 */
afterEach(() => {
  if (getToasts().length === 0) return;
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    for (const shown of getToasts()) dismissToast(shown.id);
    vi.runOnlyPendingTimers();
  } finally {
    vi.useRealTimers();
  }
});
