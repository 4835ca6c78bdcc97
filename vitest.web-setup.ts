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
 * Where happy-dom 21's selects differ from a browser's in what react-hook-form relies on to show a
 * form's default value in a select (its own, browser-like, behaviour is what the tests must see):
 * it has neither `HTMLSelectElement.size` nor `HTMLOptionElement.defaultSelected` (without them
 * react-hook-form takes every registered select for changed before the form was ready and keeps its
 * first option), and its `value` setter compares a number with the options' strings (a browser
 * converts the number: `select.value = 360` chooses the option "360"). Each as the HTML standard has
 * it: the `size` attribute (0 when absent), the `selected` attribute, a DOMString value.
 */
// (A test file may choose a DOM-less environment: the service worker's.)
if (typeof HTMLSelectElement !== 'undefined') {
  if (!('size' in HTMLSelectElement.prototype)) {
    Object.defineProperty(HTMLSelectElement.prototype, 'size', {
      configurable: true,
      get(this: HTMLSelectElement) {
        const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
        return Number.isNaN(size) || size < 0 ? 0 : size;
      },
    });
  }
  const selectValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value');
  if (selectValue?.set) {
    const { get, set } = selectValue;
    Object.defineProperty(HTMLSelectElement.prototype, 'value', {
      ...selectValue,
      get,
      set(this: HTMLSelectElement, value: unknown) {
        set.call(this, String(value));
      },
    });
  }
  if (!('defaultSelected' in HTMLOptionElement.prototype)) {
    Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
      configurable: true,
      get(this: HTMLOptionElement) {
        return this.hasAttribute('selected');
      },
      set(this: HTMLOptionElement, value: boolean) {
        this.toggleAttribute('selected', value);
      },
    });
  }
}

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
