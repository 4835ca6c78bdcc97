import { CalendarClock, Clock, Target } from 'lucide-react';
import { Button, Card } from '@listready/ui';
import { PriorityBadge } from '@listready/ui/journey';
import { dayLabel } from '@listready/web-client';
import type { JourneyResponse } from '../utils/journey-api.ts';
import type { NextUp } from '../utils/journey-view.ts';

/** The task a card points at: where to find it on the page. */
export interface TaskToShow {
  id: string;
  stageId: string | null;
}

interface PointedAt {
  id: string;
  title: string;
  description: string | null;
  priority: NonNullable<JourneyResponse['summary']['todaysPriority']>['priority'];
  stageId: string | null;
  stageName: string | null;
  /** Set when it is overdue: the day it was due. */
  overdueSince?: string;
}

/** How long a task takes, as people say it: "about 30 minutes", "about 1 hour", "about 2.5 hours". */
export function aboutHowLong(hours: number): string {
  if (hours < 1) return `about ${Math.max(5, Math.round((hours * 60) / 5) * 5)} minutes`;
  return `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** The line above a suggestion (or in place of one). */
function introOf(nextUp: NextUp | null | undefined): string {
  if (nextUp?.reason === 'overdue') {
    const count = nextUp.overdueCount === 1 ? '1 task is' : `${nextUp.overdueCount} tasks are`;
    return `Nothing is due today, but ${count} overdue. The oldest:`;
  }
  if (nextUp?.reason === 'next')
    return `Nothing is due today. Next up in ${nextUp.task.stageName ?? 'your journey'}:`;
  return 'Nothing is due today. Pick any open task to keep moving.';
}

/**
 * Today's Priority: the first incomplete task due today outside Ready to Show!! (server-chosen).
 * With nothing due today it points at what to do instead (`nextUpOf`): the oldest overdue task,
 * else the next open task of the stage in progress. Show task opens its stage and goes to it.
 */
export function TodaysPriorityCard({
  priority,
  nextUp,
  onShowTask,
}: {
  priority: JourneyResponse['summary']['todaysPriority'];
  nextUp?: NextUp | null;
  onShowTask?: (task: TaskToShow) => void;
}) {
  const pointed: PointedAt | undefined = priority
    ? priority
    : nextUp
      ? {
          ...nextUp.task.row,
          stageId: nextUp.task.stageId,
          stageName: nextUp.task.stageName,
          overdueSince: nextUp.reason === 'overdue' ? (nextUp.task.row.dueDate ?? undefined) : undefined,
        }
      : undefined;
  return (
    <Card className="p-5" role="region" aria-labelledby="todays-priority-title">
      <h2 id="todays-priority-title" className="flex items-center gap-2 text-lg font-semibold">
        <Target aria-hidden="true" className="size-5 text-brand" />
        Today&apos;s Priority
      </h2>
      {!priority && <p className="mt-3 text-sm text-ink-muted">{introOf(nextUp)}</p>}
      {pointed && (
        <div className="mt-3">
          <p className="font-medium">{pointed.title}</p>
          {pointed.description && <p className="mt-1 text-sm text-ink-muted">{pointed.description}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <PriorityBadge priority={pointed.priority} />
            {/* "Next up in <stage>" has named it already. */}
            {nextUp?.reason !== 'next' && pointed.stageName && <span>{pointed.stageName}</span>}
            {pointed.overdueSince ? (
              <span className="flex items-center gap-1">
                <CalendarClock aria-hidden="true" className="size-4" />
                Was due {dayLabel(pointed.overdueSince)}
              </span>
            ) : priority ? (
              <span className="flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                {/* The card's own task is the one due today; a bare "0.5 hours" said neither. */}
                Due today, {aboutHowLong(priority.estimatedHours)}
              </span>
            ) : null}
          </div>
          {onShowTask && (
            <Button
              className="mt-3 print:hidden"
              size="sm"
              variant="outline"
              aria-label={`Show task: ${pointed.title}`}
              onClick={() => onShowTask({ id: pointed.id, stageId: pointed.stageId })}
            >
              Show task
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
