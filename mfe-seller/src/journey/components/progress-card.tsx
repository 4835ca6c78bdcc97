import { Card } from '@listready/ui';
import type { JourneyResponse } from '../utils/journey-api.ts';

/** The Your Home Sale Journey card: percent, X of Y tasks completed, N remaining. */
export function ProgressCard({ summary }: { summary: JourneyResponse['summary'] }) {
  return (
    <Card className="p-5" aria-labelledby="journey-progress-title" role="region">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="journey-progress-title" className="text-lg font-semibold">
          Your Home Sale Journey
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
