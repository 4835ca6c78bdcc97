import { useEffect, useId, useState } from 'react';
import { Users } from 'lucide-react';
import { notesConflictSchema } from '@listready/contracts/journey';
import { Button } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';
import { useUpdateClientTask } from '../hooks/use-task-updates.ts';
import { keepBoth, limitNotes, notesCounter } from '../utils/notes-input.ts';
import { TASK_NOTES_MAX_LENGTH } from '../utils/journey-api.ts';
import { keepNoteDraft, readNoteDraft } from '../utils/note-drafts.ts';
import { KEPT_ON_DEVICE } from '../utils/sync-pending-changes.ts';

function conflictingNotes(error: Error): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  try {
    const conflict = notesConflictSchema.safeParse(JSON.parse(error.body));
    return conflict.success ? (conflict.data.current.clientTask.notes ?? '') : null;
  } catch {
    return null;
  }
}

/**
 * A task's notes, shared with the seller's group (spec seller §4–§5): n/500 counter, input past 500
 * ignored, "Unsaved changes" and Save once edited, "Shared with group" once saved — "Saved on this
 * device, not shared yet" while a save made offline waits to be sent.
 *
 * Two people may write one note at once: the save says which notes it started from (`baseNotes`),
 * and when someone else saved meanwhile (the server's 409, or the live household showing their
 * words while these are being edited) both versions are shown, to keep both, theirs or these.
 * Notes nobody is editing here follow what others save.
 *
 * Words not yet saved are kept as a draft under `draftKey` (note-drafts.ts) while they differ from
 * the saved notes: closing the editor or reloading brings them back, still unsaved.
 */
export function NotesEditor({
  taskId,
  taskTitle,
  savedNotes,
  draftKey,
  refused: refusedOffline,
  waiting = false,
}: {
  taskId: string;
  taskTitle: string;
  savedNotes: string | null;
  /** Where this person's unsaved words for the task are kept; null keeps none. */
  draftKey: string | null;
  /** Notes saved offline that the server refused, with the notes they started from. */
  refused?: { notes?: string | null | undefined; baseNotes?: string | null | undefined } | undefined;
  /** Notes saved on this device (offline) and not sent yet: nobody else has them. */
  waiting?: boolean;
}) {
  // Words typed here and not saved, else notes kept offline and refused: either against its base,
  // so when someone else's notes differ from that base both versions are offered.
  const refusedWords =
    refusedOffline?.notes !== undefined
      ? { text: refusedOffline.notes ?? '', base: refusedOffline.baseNotes ?? '' }
      : null;
  const [draft] = useState(() => (draftKey ? readNoteDraft(draftKey) : null) ?? refusedWords);
  const [text, setText] = useState(draft?.text ?? savedNotes ?? '');
  // The saved notes this text was started from: what a save expects to replace.
  const [base, setBase] = useState(draft?.base ?? savedNotes ?? '');
  // Their words, as the server answered a save that came too late.
  const [refused, setRefused] = useState<string | null>(null);
  const [lastSeen, setLastSeen] = useState(savedNotes);
  const update = useUpdateClientTask();
  const id = useId();
  const saved = savedNotes ?? '';
  const dirty = text !== saved;

  const refusalKey = refusedWords && `${refusedWords.base}\u0000${refusedWords.text}`;
  const [refusalSeen, setRefusalSeen] = useState(refusalKey);
  if (refusalKey !== refusalSeen) {
    setRefusalSeen(refusalKey);
    // Refused while open: back to the words kept and the notes they started from (the list now
    // shows the server's), so both versions are offered rather than theirs followed.
    if (refusedWords) {
      setText(refusedWords.text);
      setBase(refusedWords.base);
      setLastSeen(savedNotes);
    }
  } else if (savedNotes !== lastSeen) {
    setLastSeen(savedNotes);
    // Someone else saved while nothing was being written here: follow them.
    if (text === base && !update.isPending) {
      setText(saved);
      setBase(saved);
    }
  }
  const theirs = refused ?? (!update.isPending && saved !== base && saved !== text ? saved : null);

  useEffect(() => {
    if (draftKey) keepNoteDraft(draftKey, text !== saved ? { text, base } : null);
  }, [draftKey, text, base, saved]);

  const settle = (nextText: string) => {
    if (theirs === null) return;
    setText(nextText);
    setBase(theirs);
    setRefused(null);
  };

  return (
    <div className="mt-3 print:hidden">
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
          ) : waiting ? (
            <span>Saved on this device, not shared yet</span>
          ) : savedNotes ? (
            <span className="flex items-center gap-1">
              <Users aria-hidden="true" className="size-3" />
              Shared with group
            </span>
          ) : null}
        </span>
        <span data-testid="notes-counter">{notesCounter(text)}</span>
      </div>
      {theirs !== null && (
        <div
          role="group"
          aria-label="Someone else changed these notes"
          data-testid="notes-conflict"
          className="mt-2 rounded-md border border-amber-300/60 p-2 text-sm"
        >
          <p className="font-medium">Someone else changed these notes while you were editing.</p>
          <p className="mt-1 text-xs text-ink-muted">Their version:</p>
          <p data-testid="their-notes" className="whitespace-pre-wrap break-words">
            {theirs || '(no notes)'}
          </p>
          <p className="mt-1 text-xs text-ink-muted">Yours is in the box above.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => settle(keepBoth(text, theirs))}>
              Keep both
            </Button>
            <Button size="sm" variant="outline" onClick={() => settle(theirs)}>
              Use theirs
            </Button>
            <Button size="sm" variant="outline" onClick={() => settle(text)}>
              Keep mine
            </Button>
          </div>
        </div>
      )}
      {dirty && theirs === null && (
        <Button
          size="sm"
          className="mt-2"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: taskId, patch: { notes: text, baseNotes: base } },
              {
                // Kept on this device (offline), the words are what this editor now starts from (the
                // list shows them as saved); the save sent later still says the server's base.
                onSuccess: (entry) =>
                  setBase(entry === KEPT_ON_DEVICE ? text : (entry.clientTask.notes ?? '')),
                onError: (error) => setRefused(conflictingNotes(error)),
              },
            )
          }
        >
          Save
        </Button>
      )}
    </div>
  );
}
