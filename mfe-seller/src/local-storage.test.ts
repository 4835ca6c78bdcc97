import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepBannerHidden, readHiddenBanner } from './banner/hidden-banner.ts';
import {
  readHouseholdChoice,
  subscribeHouseholdChoice,
  writeHouseholdChoice,
} from './journey/utils/household-choice.ts';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('what the seller remote keeps in localStorage', () => {
  it('keeps a household choice and a hidden banner across pages', () => {
    writeHouseholdChoice('client-2');
    keepBannerHidden('user-1', 'invite');
    expect(readHouseholdChoice()).toBe('client-2');
    expect(readHiddenBanner('user-1')).toBe('invite');
    writeHouseholdChoice(null);
    expect(readHouseholdChoice()).toBeNull();
  });

  it('with storage full, a household choice still moves this page and nothing throws', () => {
    vi.spyOn(window.localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const listener = vi.fn();
    const unsubscribe = subscribeHouseholdChoice(listener);
    expect(() => writeHouseholdChoice('client-2')).not.toThrow();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readHouseholdChoice()).toBeNull();
    expect(() => keepBannerHidden('user-1', 'invite')).not.toThrow();
    unsubscribe();
  });

  it('with storage blocked by privacy settings, nothing is remembered and nothing throws', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(readHouseholdChoice()).toBeNull();
    expect(readHiddenBanner('user-1')).toBeNull();
    expect(() => writeHouseholdChoice('client-2')).not.toThrow();
    expect(() => keepBannerHidden('user-1', 'invite')).not.toThrow();
  });
});
