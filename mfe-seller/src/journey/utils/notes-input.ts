import { TASK_NOTES_MAX_LENGTH } from './journey-api.ts';

/** Spec seller §5: notes hold at most 500 characters; input beyond that is ignored. */
export function limitNotes(next: string, previous: string): string {
  if (next.length <= TASK_NOTES_MAX_LENGTH) return next;
  // Typing at the limit changes nothing; a paste that overflows keeps what fits.
  return previous.length >= TASK_NOTES_MAX_LENGTH ? previous : next.slice(0, TASK_NOTES_MAX_LENGTH);
}

/** The counter under the editor: `n/500`. */
export const notesCounter = (text: string) => `${text.length}/${TASK_NOTES_MAX_LENGTH}`;

/**
 * Both versions of a note two people wrote at once: these words, then theirs on a new line (one of
 * them when it already holds the other), cut to the 500 the notes hold.
 */
export function keepBoth(mine: string, theirs: string): string {
  if (mine.includes(theirs)) return mine.slice(0, TASK_NOTES_MAX_LENGTH);
  if (theirs.includes(mine)) return theirs.slice(0, TASK_NOTES_MAX_LENGTH);
  return `${mine}\n${theirs}`.slice(0, TASK_NOTES_MAX_LENGTH);
}
