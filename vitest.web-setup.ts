import { afterEach, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { dismissToast, getToasts } from '@listready/ui';

/**
 * `findBy…` and `waitFor` give up after 5 s, not testing-library's 1 s: several screens and dialogs
 * are loaded on demand (`lazy`), and with CI's other suites on the same two cores an import has
 * taken longer than a second (invitation-dialog.test.tsx failed so once). A passing wait returns as
 * soon as its assertion holds, so this only changes how long a failing one takes to say so.
 */
configure({ asyncUtilTimeout: 5_000 });

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
