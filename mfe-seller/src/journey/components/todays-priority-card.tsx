import { Clock, Target } from 'lucide-react';
import { Card } from '@listready/ui';
import { PriorityBadge } from '@listready/ui/journey';
import type { JourneyResponse } from '../utils/journey-api.ts';

/** Today's Priority: the first incomplete task due today outside Ready to Show!! (server-chosen). */
export function TodaysPriorityCard({ priority }: { priority: JourneyResponse['summary']['todaysPriority'] }) {
  return (
    <Card className="p-5" role="region" aria-labelledby="todays-priority-title">
      <h2 id="todays-priority-title" className="flex items-center gap-2 text-lg font-semibold">
        <Target aria-hidden="true" className="size-5 text-brand" />
        Today&apos;s Priority
      </h2>
      {priority ? (
        <div className="mt-3">
          <p className="font-medium">{priority.title}</p>
          {priority.description && <p className="mt-1 text-sm text-ink-muted">{priority.description}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <PriorityBadge priority={priority.priority} />
            {priority.stageName && <span>{priority.stageName}</span>}
            <span className="flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              {priority.estimatedHours} {priority.estimatedHours === 1 ? 'hour' : 'hours'}
            </span>
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">
          Nothing is due today. Pick any open task to keep moving.
        </p>
      )}
    </Card>
  );
}
