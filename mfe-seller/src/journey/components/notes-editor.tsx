import { useId, useState } from 'react';
import { Users } from 'lucide-react';
import { Button } from '@listready/ui';
import { useUpdateClientTask } from '../hooks/use-task-updates.ts';
import { limitNotes, notesCounter } from '../utils/notes-input.ts';
import { TASK_NOTES_MAX_LENGTH } from '../utils/journey-api.ts';

/**
 * A task's notes, shared with the seller's group (spec seller §4–§5): n/500 counter, input past 500
 * ignored, "Unsaved changes" and Save once edited, "Shared with group" once saved.
 */
export function NotesEditor({
  taskId,
  taskTitle,
  savedNotes,
}: {
  taskId: string;
  taskTitle: string;
  savedNotes: string | null;
}) {
  const [text, setText] = useState(savedNotes ?? '');
  const update = useUpdateClientTask();
  const id = useId();
  const dirty = text !== (savedNotes ?? '');

  return (
    <div className="mt-3">
      <label htmlFor={id} className="text-sm font-medium">
        Notes
      </label>
      <textarea
        id={id}
        aria-label={`Notes for ${taskTitle}`}
        className="mt-1 block min-h-20 w-full rounded-md border border-surface-border bg-page p-2 text-sm text-ink"
        value={text}
        maxLength={TASK_NOTES_MAX_LENGTH}
        placeholder="Add a note for your group…"
        onChange={(event) => setText((previous) => limitNotes(event.target.value, previous))}
      />
      <div className="mt-1 flex items-center justify-between gap-2 text-xs text-ink-muted">
        <span aria-live="polite">
          {dirty ? (
            <span className="text-amber-300">Unsaved changes</span>
          ) : savedNotes ? (
            <span className="flex items-center gap-1">
              <Users aria-hidden="true" className="size-3" />
              Shared with group
            </span>
          ) : null}
        </span>
        <span data-testid="notes-counter">{notesCounter(text)}</span>
      </div>
      {dirty && (
        <Button
          size="sm"
          className="mt-2"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: taskId, patch: { notes: text } })}
        >
          Save
        </Button>
      )}
    </div>
  );
}
