import { readStored, writeStored } from '@listready/web-client';

/**
 * A task's notes as the seller is writing them, before Save: kept in this tab's sessionStorage, so
 * closing the notes, collapsing nothing else, or reloading the page does not throw the words away.
 * Only the tab keeps them (a shared computer keeps no unsaved note once the tab is closed); the
 * notes a Save sends are the server's, never a draft's. A draft remembers the saved notes it started
 * from (`base`): if someone else saved meanwhile, the editor shows both versions, as it does for a
 * note being written.
 */
export interface NoteDraft {
  text: string;
  base: string;
}

const KEY_PREFIX = 'listready:note-draft:';

/** One draft per signed-in person and task. */
export const noteDraftKey = (userId: string, taskId: string): string => `${KEY_PREFIX}${userId}:${taskId}`;

const isDraft = (value: unknown): value is NoteDraft =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as NoteDraft).text === 'string' &&
  typeof (value as NoteDraft).base === 'string';

/** The draft kept under `key`, or null (none, storage refused, or not one this code wrote). */
export function readNoteDraft(key: string): NoteDraft | null {
  try {
    const value: unknown = JSON.parse(readStored('session', key) ?? 'null');
    return isDraft(value) ? { text: value.text, base: value.base } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `draft` under `key`, or forgets it (null: nothing unsaved). Where storage is full or
 * refused (some private modes), the draft lasts as long as the editor.
 */
export function keepNoteDraft(key: string, draft: NoteDraft | null): void {
  writeStored('session', key, draft ? JSON.stringify(draft) : null);
}
