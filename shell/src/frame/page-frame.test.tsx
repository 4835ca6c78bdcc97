import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_CLEARANCE_PROPERTY } from '@listready/ui';
import { liftToastsAbove } from './page-frame.tsx';

/** A ResizeObserver the test drives: `resize(height, width)` delivers one entry for the slot. */
function fakeResizeObserver() {
  const observers: Array<{ callback: ResizeObserverCallback; target?: Element }> = [];
  class FakeResizeObserver {
    readonly record: { callback: ResizeObserverCallback; target?: Element };
    constructor(callback: ResizeObserverCallback) {
      this.record = { callback };
      observers.push(this.record);
    }
    observe(target: Element) {
      this.record.target = target;
    }
    unobserve() {
      this.record.target = undefined;
    }
    disconnect() {
      this.record.target = undefined;
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    resize(blockSize: number, inlineSize = 375) {
      for (const { callback, target } of observers) {
        if (!target) continue;
        const entry = {
          target,
          borderBoxSize: [{ blockSize, inlineSize }],
        } as unknown as ResizeObserverEntry;
        callback([entry], this as unknown as ResizeObserver);
      }
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.style.removeProperty(TOAST_CLEARANCE_PROPERTY);
});

describe('liftToastsAbove', () => {
  it('lifts toasts by the banner slot’s height as the observer reports it, without reading layout from script', () => {
    const observer = fakeResizeObserver();
    const slot = document.createElement('div');
    const measured = vi.spyOn(slot, 'getBoundingClientRect');
    const root = document.documentElement;
    const setProperty = vi.spyOn(root.style, 'setProperty');
    const stop = liftToastsAbove(slot, root);

    // Nothing is measured as the frame mounts: the observer's first report comes with the layout.
    expect(root.style.getPropertyValue(TOAST_CLEARANCE_PROPERTY)).toBe('');
    observer.resize(0);
    expect(root.style.getPropertyValue(TOAST_CLEARANCE_PROPERTY)).toBe('');
    observer.resize(88.2);
    expect(root.style.getPropertyValue(TOAST_CLEARANCE_PROPERTY)).toBe('89px');
    // A width change alone (a rotated phone) leaves the page's style alone.
    setProperty.mockClear();
    observer.resize(88.2, 700);
    expect(setProperty).not.toHaveBeenCalled();
    observer.resize(0);
    expect(root.style.getPropertyValue(TOAST_CLEARANCE_PROPERTY)).toBe('');
    observer.resize(120);
    expect(root.style.getPropertyValue(TOAST_CLEARANCE_PROPERTY)).toBe('120px');
    expect(measured).not.toHaveBeenCalled();

    stop();
    expect(root.style.getPropertyValue(TOAST_CLEARANCE_PROPERTY)).toBe('');
    observer.resize(50);
    expect(root.style.getPropertyValue(TOAST_CLEARANCE_PROPERTY)).toBe('');
  });
});
