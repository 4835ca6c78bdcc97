import { CloudOff, TriangleExclamationPoint } from 'lucide-react';
import { Button } from '@listready/ui';
import { KEPT_WORK_RETRY_EVENT, PENDING_CHANGE_TEXT } from '../hooks/use-offline-task-changes.ts';
import {
  pendingTaskChanges,
  pendingTaskCreations,
  type PendingTaskChange,
  type PendingTaskCreation,
} from '../utils/pending-task-changes.ts';
import { discardKeptCreation } from '../utils/sync-pending-changes.ts';

/** What waits on this device for a task: the task itself (made here) or a change to it. */
export type KeptWork = { creation: PendingTaskCreation } | { change: PendingTaskChange };

/**
 * The work kept on this device to show for a task, if any: its creation first (a change to it waits
 * for it), then a refused change before one waiting (a task's notes wait apart from its other changes).
 */
export function keptWorkFor(
  creation: PendingTaskCreation | undefined,
  ...changes: (PendingTaskChange | undefined)[]
): KeptWork | undefined {
  if (creation) return { creation };
  const kept = changes.filter((change) => change !== undefined);
  const change = kept.find((candidate) => candidate.refusal !== undefined) ?? kept[0];
  return change ? { change } : undefined;
}

/**
 * Work kept on this device for a task, said in words (a screen reader hears it as it appears):
 * waiting to be sent, or refused by the server — then still shown, with the server's reason, until
 * the seller tries again or lets it go (for a task made here, the task itself; for a task deleted
 * here whose DELETE the server refused, the deletion: the task stays as the server has it).
 */
export function PendingNote({ work }: { work: KeptWork }) {
  const entry = 'creation' in work ? work.creation : work.change;
  if (!entry.refusal) {
    return (
      <p
        role="status"
        className="mt-2 flex items-center gap-1.5 text-xs text-ink-muted"
        data-testid="task-pending-sync"
      >
        <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />
        {PENDING_CHANGE_TEXT}
      </p>
    );
  }
  const retry = async () => {
    await ('creation' in work
      ? pendingTaskCreations.retry(work.creation.key)
      : pendingTaskChanges.retry(work.change.key));
    window.dispatchEvent(new Event(KEPT_WORK_RETRY_EVENT));
  };
  const deletion = 'creation' in work && work.creation.deleted === true;
  const discard = () =>
    'creation' in work
      ? discardKeptCreation(pendingTaskCreations, pendingTaskChanges, work.creation)
      : pendingTaskChanges.remove(work.change.key);
  return (
    <div role="status" className="mt-2 text-xs text-ink-muted" data-testid="task-sync-refused">
      <p className="flex items-center gap-1.5">
        <TriangleExclamationPoint aria-hidden="true" className="size-3.5 shrink-0" />
        {deletion ? 'Not deleted' : 'Not synced'}: {entry.refusal}
      </p>
      <div className="mt-2 flex gap-2">
        {/* Refused notes are settled in the notes editor (both versions), not sent again as they were. */}
        {!('change' in work && work.change.source === 'notes') && (
          <Button size="sm" variant="outline" onClick={() => void retry()}>
            Try again
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => void discard()}>
          {deletion ? 'Keep this task' : 'creation' in work ? 'Discard this task' : 'Discard my change'}
        </Button>
      </div>
    </div>
  );
}
