import { Card } from '@listready/ui';
import type { JourneyOwner } from '../hooks/use-household.ts';
import type { JourneyResponse } from '../utils/journey-api.ts';

/**
 * Whose journey the progress card sums up: "Your Home Sale Journey" on the reader's own; on a
 * household's, its seller named (as the picker names it); on a client's an agent follows, no
 * owner (the page's heading names the client).
 */
export function progressTitle(owner: JourneyOwner): string {
  if (owner.kind === 'own') return 'Your Home Sale Journey';
  return owner.kind === 'household' && owner.ownerName
    ? `${owner.ownerName}’s Home Sale Journey`
    : 'Home Sale Journey';
}

/** The Your Home Sale Journey card: percent, X of Y tasks completed, N remaining. */
export function ProgressCard({ summary, title }: { summary: JourneyResponse['summary']; title: string }) {
  return (
    <Card className="p-5" aria-labelledby="journey-progress-title" role="region">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="journey-progress-title" className="min-w-0 text-lg font-semibold wrap-anywhere">
          {title}
        </h2>
        <span className="text-2xl font-bold text-brand-soft" data-testid="progress-percent">
          {summary.percent}%
        </span>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-page"
        role="progressbar"
        aria-label="Journey progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={summary.percent}
      >
        <div
          className="h-full rounded-full bg-brand transition-all"
          style={{ width: `${summary.percent}%` }}
        />
      </div>
      <div className="mt-3 flex justify-between text-sm text-ink-muted">
        <span data-testid="progress-completed">
          {summary.completedTasks} of {summary.totalTasks} tasks completed
        </span>
        <span>{summary.remainingTasks} remaining</span>
      </div>
    </Card>
  );
}
