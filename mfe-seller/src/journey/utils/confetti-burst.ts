import { prefersReducedMotion } from './reduced-motion.ts';

/** How long the burst's canvas stays on the page (the animation is over well before). */
const CONFETTI_CANVAS_LIFETIME_MS = 4000;

/**
 * The completion burst. canvas-confetti is loaded on the first completion, not with the page, and
 * draws on a canvas of ours (marked `data-confetti`) that is removed once the burst is over.
 * With reduced motion there is no burst at all — no canvas, no download — and the completion's
 * toast ("Task Completed!", announced politely) is the whole acknowledgement.
 */
export async function confettiBurst(): Promise<void> {
  if (prefersReducedMotion()) return;
  const canvas = document.createElement('canvas');
  // No 2D context (a very old or locked-down browser): nothing to draw on.
  if (!canvas.getContext('2d')) return;
  canvas.dataset.confetti = 'burst';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:60';
  document.body.append(canvas);
  window.setTimeout(() => canvas.remove(), CONFETTI_CANVAS_LIFETIME_MS);
  try {
    const { default: confetti } = await import('canvas-confetti');
    const fire = confetti.create(canvas, { resize: true });
    await fire({
      particleCount: 120,
      spread: 75,
      origin: { y: 0.7 },
      colors: ['#9333EA', '#C084FC', '#FACC15'],
    });
  } catch {
    // A celebration that cannot load is not worth an error for the seller.
  }
}
