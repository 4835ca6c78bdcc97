import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage, readStored, writeStored } from './browser-storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const refuse = (area: 'localStorage' | 'sessionStorage') =>
  vi.spyOn(window, area, 'get').mockImplementation(() => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  });

describe("the pages' small memories in the browser's storage", () => {
  it('keeps a value in the area asked for, and removes it with null', () => {
    expect(writeStored('local', 'k', 'in local')).toBe(true);
    expect(writeStored('session', 'k', 'in session')).toBe(true);
    expect(window.localStorage.getItem('k')).toBe('in local');
    expect(readStored('local', 'k')).toBe('in local');
    expect(readStored('session', 'k')).toBe('in session');
    expect(writeStored('session', 'k', null)).toBe(true);
    expect(readStored('session', 'k')).toBeNull();
    expect(readStored('local', 'k')).toBe('in local');
  });

  it('with storage full, says the value was not kept and does not throw', () => {
    vi.spyOn(window.sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(writeStored('session', 'k', 'v')).toBe(false);
    expect(readStored('session', 'k')).toBeNull();
  });

  it('with storage blocked by privacy settings (reading it throws), reads nothing and keeps nothing', () => {
    refuse('localStorage');
    refuse('sessionStorage');
    expect(browserStorage('local')).toBeUndefined();
    expect(browserStorage('session')).toBeUndefined();
    expect(readStored('local', 'k')).toBeNull();
    expect(writeStored('local', 'k', 'v')).toBe(false);
    expect(writeStored('session', 'k', null)).toBe(false);
  });

  it('with storage turned off (the browser has none: null), reads nothing and keeps nothing', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue(null as unknown as Storage);
    expect(browserStorage('session')).toBeUndefined();
    expect(readStored('session', 'k')).toBeNull();
    expect(writeStored('session', 'k', 'v')).toBe(false);
  });

  it('with getItem refused, reads nothing', () => {
    window.localStorage.setItem('k', 'v');
    vi.spyOn(window.localStorage, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(readStored('local', 'k')).toBeNull();
  });
});
