import { memo, useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@listready/ui';
import { StageSummary } from '@listready/ui/journey';
import type { CustomTask, TaskEntry } from '../utils/journey-api.ts';
import {
  entriesOfStage,
  rowOfCustomTask,
  rowOfEntry,
  stageLayout,
  type JourneyStageView,
} from '../utils/journey-view.ts';
import { ShowChecklist } from './show-checklist.tsx';
import { TaskRow } from './task-row.tsx';

/**
 * One stage: a header that expands and collapses it, then its tasks in the stage's layout. Memoised:
 * the journey screen re-renders for reads that do not concern the stages, and rendering every row
 * again each time was a long task on a phone (issue 16).
 */
export const StageSection = memo(function StageSection({
  stage,
  entries,
  customTasks,
  expanded,
  onToggle,
}: {
  stage: JourneyStageView;
  entries: readonly TaskEntry[];
  customTasks: readonly CustomTask[];
  expanded: boolean;
  onToggle: (stageId: string, expanded: boolean) => void;
}) {
  const panelId = useId();
  const layout = stageLayout(
    stage,
    entries.filter((entry) => entry.stage.id === stage.id),
  );
  const stageEntries = entriesOfStage(entries, stage.id, layout);
  const locked = stage.status === 'locked';

  return (
    <section
      className={cn(
        'rounded-xl border border-surface-border bg-surface',
        // Dimmed by colour, not opacity: faded text fell below 4.5:1 contrast (axe, issue 12).
        locked && 'border-dashed bg-page text-ink-muted',
      )}
      data-testid="journey-stage"
      data-stage-status={stage.status}
      aria-label={stage.title}
    >
      <h2>
        <button
          type="button"
          className="flex w-full items-center gap-3 p-4 text-left"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => onToggle(stage.id, expanded)}
        >
          <StageSummary stage={stage} />
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 transition-transform print:hidden', expanded && 'rotate-180')}
          />
        </button>
      </h2>
      {expanded && (
        <div id={panelId} className="border-t border-surface-border p-4">
          {stage.description && <p className="mb-3 text-sm text-ink-muted">{stage.description}</p>}
          {layout === 'show-checklist' ? (
            <ShowChecklist entries={stageEntries} />
          ) : (
            <>
              {layout === 'assessment' && (
                <p className="mb-3 text-sm font-medium">
                  Walk through all {stageEntries.length} areas of your home
                </p>
              )}
              <ol className="space-y-2" aria-label={`${stage.title} tasks`}>
                {stageEntries.map((entry, index) => (
                  <TaskRow
                    key={entry.id}
                    task={rowOfEntry(entry)}
                    label={layout === 'assessment' ? `${index + 1}.` : undefined}
                  />
                ))}
                {customTasks.map((task) => (
                  <TaskRow key={task.id} task={rowOfCustomTask(task)} />
                ))}
              </ol>
            </>
          )}
        </div>
      )}
    </section>
  );
});
