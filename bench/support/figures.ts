/**
 * How a bench hands its figures to the runner (bench/run-all.ts) as data: the runner starts each
 * bench with BENCH_FIGURES_FILE set, and the bench writes there, once at the end, what it also
 * prints. Run on its own (no BENCH_FIGURES_FILE) a bench only prints, as before.
 */
import { writeFileSync } from 'node:fs';

/** The runner's hand-off file: read here, the one place the benches' shared output is configured. */
const figuresFile = (): string | undefined => process.env.BENCH_FIGURES_FILE?.trim() || undefined;

/** `figures`: plain JSON data (numbers, strings, arrays, objects). */
export function reportFigures(figures: Record<string, unknown>): void {
  const file = figuresFile();
  if (file) writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}
