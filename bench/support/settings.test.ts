import { describe, expect, it } from 'vitest';
import { positiveCount, positiveSetting } from './settings.ts';

describe('a bench setting from the environment', () => {
  it('is the number given when it is above zero', () => {
    expect(positiveSetting('250', 100)).toBe(250);
    expect(positiveSetting('0.5', 100)).toBe(0.5);
    expect(positiveCount('9', 5)).toBe(9);
    expect(positiveCount('9.7', 5)).toBe(9);
  });

  it('is the default when unset, empty, not a number, zero or negative', () => {
    for (const value of [undefined, '', 'ten', 'NaN', 'Infinity', '0', '-3']) {
      expect(positiveSetting(value, 100)).toBe(100);
      expect(positiveCount(value, 5)).toBe(5);
    }
  });

  it('is the default for a count below one, not a count of zero', () => {
    expect(positiveCount('0.5', 5)).toBe(5);
  });
});
