import { useId } from 'react';
import { Button } from '@listready/ui';
import { useReadOnlyJourney } from '../hooks/use-household.ts';
import { useClearChecklist, useUpdateClientTask } from '../hooks/use-task-updates.ts';
import type { TaskEntry } from '../utils/journey-api.ts';

/** Ready to Show!!: a checklist run before every showing; Clear All un-completes every ticked item. */
export function ShowChecklist({ entries }: { entries: TaskEntry[] }) {
  const update = useUpdateClientTask();
  const clear = useClearChecklist();
  const baseId = useId();
  const readOnly = useReadOnlyJourney();
  const completedIds = entries
    .filter((entry) => entry.clientTask.status === 'completed')
    .map((entry) => entry.id);

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {completedIds.length} of {entries.length} ready
        </p>
        {!readOnly && (
          <Button
            size="sm"
            variant="outline"
            className="print:hidden"
            disabled={completedIds.length === 0 || clear.isPending}
            onClick={() => clear.mutate(completedIds)}
          >
            Clear All
          </Button>
        )}
      </div>
      <ul className="mt-3 space-y-2">
        {entries.map((entry) => {
          const id = `${baseId}-${entry.id}`;
          const checked = entry.clientTask.status === 'completed';
          return (
            <li
              key={entry.id}
              className="flex items-center gap-3 rounded-md border border-surface-border bg-page/40 p-2"
            >
              <input
                id={id}
                type="checkbox"
                className="size-4 accent-brand"
                checked={checked}
                disabled={readOnly}
                onChange={() =>
                  update.mutate({ id: entry.id, patch: { status: checked ? 'pending' : 'completed' } })
                }
              />
              <label htmlFor={id} className={checked ? 'text-ink-muted line-through' : undefined}>
                {entry.clientTask.title || entry.taskTemplate.title}
              </label>
              {checked && entry.clientTask.completedBy && (
                <span className="ml-auto text-xs text-ink-muted">
                  Completed by {entry.clientTask.completedBy.name}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
