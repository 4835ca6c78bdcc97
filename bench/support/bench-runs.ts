/**
 * One bench's run as docs/performance.md keeps it (bench/run-all.ts), and what a run that could not
 * measure does to the run before it.
 */
import type { BenchFigures } from '../issue-figures.ts';

export interface BenchRun {
  name: string;
  status: 'ran' | 'failed' | 'skipped';
  /** Why it was skipped, or how it failed. */
  note?: string;
  date: string;
  loadBefore: number[];
  loadAfter: number[];
  seconds: number;
  figures?: BenchFigures;
  outputTail: string[];
  settings: Record<string, string>;
  /** The latest run that skipped this bench, when an earlier one measured it: its figures stand. */
  skipped?: { date: string; note: string };
}

/**
 * The run the page keeps for a bench: this one, except that a bench skipped here (no PAGE_WEIGHT_URL,
 * no Postgres) keeps the figures it last measured, marked as skipped since, rather than trading them
 * for "skipped". A failure replaces them: what failed is news.
 */
export function keptRun(previous: BenchRun | undefined, current: BenchRun): BenchRun {
  if (current.status !== 'skipped' || previous?.status !== 'ran') return current;
  return { ...previous, skipped: { date: current.date, note: current.note ?? '' } };
}

const SKIP_LINE = /^Skipped in the run of [^\n]*\n\n/m;

/**
 * A kept section with the line that says it was skipped since, after its heading (a line from an
 * earlier skip replaced): the section itself, with what its bench printed, stays as it was written.
 */
export function markSkipped(
  section: string,
  skipped: { date: string; note: string },
  lastRun: string,
): string {
  const line = `Skipped in the run of ${skipped.date}: ${skipped.note}. What follows is its run of ${lastRun}.\n\n`;
  const body = section.replace(SKIP_LINE, '');
  const headingEnd = body.indexOf('\n\n');
  return headingEnd < 0
    ? `${body.trimEnd()}\n\n${line}`
    : `${body.slice(0, headingEnd + 2)}${line}${body.slice(headingEnd + 2)}`;
}
