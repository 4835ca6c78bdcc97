import { describe, expect, it } from 'vitest';
import { abRoutes, mean } from './builds-ab.ts';

describe("the Lighthouse A/B's settings", () => {
  it('reads AB_ROUTES as who:/path, a seller’s journey and an agent’s dashboard by default', () => {
    expect(abRoutes(undefined)).toEqual([
      { who: 'seller', path: '/journey' },
      { who: 'agent', path: '/dashboard' },
    ]);
    expect(abRoutes('visitor:/auth, agent:/analytics')).toEqual([
      { who: 'visitor', path: '/auth' },
      { who: 'agent', path: '/analytics' },
    ]);
  });

  it('refuses a page it cannot open', () => {
    expect(() => abRoutes('owner:/journey')).toThrow(/who:\/path/);
    expect(() => abRoutes('seller:journey')).toThrow(/who:\/path/);
  });

  it('means to one decimal', () => {
    expect(mean([66, 67, 68, 68])).toBe(67.3);
  });
});
