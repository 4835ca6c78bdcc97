import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fire = vi.fn(async () => undefined);
const create = vi.fn(() => fire);
vi.mock('canvas-confetti', () => ({ default: { create } }));
const { confettiBurst } = await import('./confetti-burst.ts');

/** The system setting as the browser reports it to `matchMedia`. */
function systemMotion(preference: 'reduce' | 'no-preference') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)' && preference === 'reduce',
        media: query,
      }) as MediaQueryList,
  );
}

const confettiCanvas = () => document.querySelector('canvas[data-confetti]');

describe('confettiBurst', () => {
  beforeEach(() => {
    // happy-dom draws nothing: a 2D context is enough for the burst to go ahead.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      {} as unknown as CanvasRenderingContext2D,
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    create.mockClear();
    fire.mockClear();
    document.body.replaceChildren();
  });

  it('bursts on a canvas of its own when the system has no motion preference', async () => {
    systemMotion('no-preference');
    await confettiBurst();
    expect(confettiCanvas()).not.toBeNull();
    expect(create).toHaveBeenCalledOnce();
    expect(fire).toHaveBeenCalledOnce();
  });

  it('with reduced motion draws nothing: no canvas, no confetti loaded or fired', async () => {
    systemMotion('reduce');
    await confettiBurst();
    expect(confettiCanvas()).toBeNull();
    expect(create).not.toHaveBeenCalled();
    expect(fire).not.toHaveBeenCalled();
  });
});
